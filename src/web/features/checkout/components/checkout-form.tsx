// /checkout: contact details (prefilled from the profile), delivery (the address with its fee) or,
// when the shop offers it, pick-up at the shop (no address, no fee, a pick-up window), the
// order summary, how to pay when the shop has M-Pesa Express, and 'Pay with M-Pesa' (the prompt goes
// to the phone; the waiting screen follows it) or 'Pay with Pesapal' (Pesapal's page in the payment
// modal), each creating the order on the server. The browser sends product ids and quantities only.
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '@/domain/cart';
import { formatKES } from '@/domain/money';
import { deliveryPlaceName, NO_SMALL_ORDER_POLICY, totalsWithSmallOrder } from '@/domain/small-order';
import type { RiderDirections } from '@/domain/rider-directions';
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import { formatPhone } from '@/domain/phone';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { PrivacyNoticeLink } from '@/web/components/ui/privacy-notice-link';
import type { SessionInfo } from '../../account/use-session';
import { PaymentModal } from '../../payments/components/payment-modal';
import { MpesaWaitingDialog } from '../../payments/components/mpesa-waiting-dialog';
import { mpesaAmountShillings } from '@/domain/mpesa-express';
import { usePaymentOptions } from '../use-payment-options';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import { PaymentMethodChoice, type PaymentMethod } from './payment-method-choice';
import { missingCheckoutFields, missingFieldsMessage, type CheckoutErrors, type Contact } from '../checkout-fields';
import { areaName, deliveryAreaStore } from '../delivery-area';
import { useCheckoutPayment } from '../use-checkout-payment';
import { useDeliveryQuote } from '../use-delivery-quote';
import { usePricesIncludeVat } from '../../../lib/shop-settings-query';
import { useIfUnavailableDefault } from '../use-if-unavailable-default';
import { useDeliveryWindows, usePickup } from '../use-delivery-windows';
import type { FulfilmentMethod } from '@/domain/order-status';
import { FulfilmentChoice } from './fulfilment-choice';
import { usePlaceOrder } from '../use-place-order';
import { useRiderDirections } from '../use-rider-directions';
import { AddressAutocomplete, type PickedAddress } from './address-autocomplete';
import { CheckoutSummary } from './checkout-summary';
import { PromotionCodeField } from './promotion-code-field';
import { discountedTotalsLines, forgetPromotionCode, usePromotion } from '../use-promotion';
import { BuyerTaxFields } from './buyer-tax-fields';
import { ContactFields } from './contact-fields';
import { DeliveryFeeCard } from './delivery-fee-card';
import { DeliveryWindowPicker } from './delivery-window-picker';
import { RiderDirectionsFields } from './rider-directions-fields';
import { WaitingOrderDialog, type WaitingOrder } from './waiting-order-dialog';
import { LineChoicesFields, type LineChoice } from './line-choices-fields';

export interface CheckoutFormProps {
  lines: readonly CartLine[];
  session: SessionInfo;
  /** The payment modal opened or closed. */
  onPaymentOpenChange(open: boolean): void;
}

export function CheckoutForm({ lines, session, onPaymentOpenChange }: CheckoutFormProps) {
  const t = useCheckoutText();
  // An account made with a code by SMS that has no email: its receipts go by SMS, an email is optional.
  const emailOptional = session.user?.email === '';
  const [contact, setContact] = useState<Contact>(() => ({
    fullName: session.profile?.fullName || session.user?.name || '',
    email: session.user?.email ?? '',
    phone: formatPhone(session.profile?.phone ?? ''),
  }));
  // The area chosen in the cart (or picked at the last checkout) first, so checkout charges what the
  // cart showed; else the profile's address.
  const [storedArea] = useState(() => deliveryAreaStore.getSnapshot());
  const [address, setAddress] = useState(storedArea?.address ?? session.profile?.address ?? '');
  const { rider, setRiderField: setRiderValue } = useRiderDirections();
  // On by default; the customer's last choice (profile or last checkout) when there is one.
  const [smsUpdates, setSmsUpdates] = useState(session.profile?.smsUpdates ?? true);
  // A business invoice: the PIN and business name the profile keeps, if any.
  const [buyerTax, setBuyerTax] = useState<BuyerTaxDetails>(() => ({
    kraPin: session.profile?.kraPin ?? '',
    businessName: session.profile?.businessName ?? '',
  }));
  const [picked, setPicked] = useState<PickedAddress | null>(storedArea);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // M-Pesa Express, when the shop has it: the prompt goes to the contact phone unless she types another.
  const [payWith, setPayWith] = useState<PaymentMethod>('mpesa');
  const [mpesaPhone, setMpesaPhone] = useState<string | null>(null);
  const promptPhone = mpesaPhone ?? contact.phone;
  const checkoutPayment = useCheckoutPayment(onPaymentOpenChange, promptPhone);
  const { payment, setPayment, prompt, setPrompt, retrying, retry } = checkoutPayment;
  const [waiting, setWaiting] = useState<WaitingOrder | null>(null);

  // The picked place applies only while its text is unchanged in the box.
  const place = picked && picked.address === address ? picked : null;
  const coordinates = place?.coordinates ?? null;
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [orderNote, setOrderNote] = useState('');
  const quote = useDeliveryQuote(address, coordinates);
  const pricesIncludeVat = usePricesIncludeVat();
  const shopIfUnavailable = useIfUnavailableDefault();
  const deliveryWindows = useDeliveryWindows(quote.status === 'ready' ? quote.zoneId : null);
  const paymentOptions = usePaymentOptions(quote.status === 'ready' ? quote.zoneId : null);
  // Collection at the shop, when the shop offers it: no address, no delivery fee, its own windows.
  const pickupOffer = usePickup();
  const [method, setMethod] = useState<FulfilmentMethod>('delivery');
  const pickup = method === 'pickup' && pickupOffer.offered;
  const windows = pickup ? pickupOffer.windows : deliveryWindows;
  const priced = pickup || quote.status === 'ready';
  // The zone's minimum order: below it the order is refused (here before paying, and by the server),
  // or its small-order fee is a line of the totals.
  // The promotion the server would give: its discount per line, or free delivery.
  const quoted = !pickup && quote.status === 'ready' ? quote : null;
  const promotion = usePromotion(lines, pickup ? 0 : (quoted?.feeCents ?? null));
  // A pick-up has no delivery fee and no small-order rule (the server decides the same).
  const { totals, smallOrder } = totalsWithSmallOrder(
    {
      lines: discountedTotalsLines(lines, promotion.applied),
      waiveDeliveryFee: promotion.applied?.freeDelivery ?? false,
      deliveryFeeCents: pickup ? 0 : (quoted?.feeCents ?? null),
      deliveryFeeTaxBand: quoted?.feeTaxBand,
      pricesIncludeVat: quoted ? quoted.pricesIncludeVat : pricesIncludeVat,
    },
    quoted ? quoted.smallOrder : NO_SMALL_ORDER_POLICY,
    deliveryPlaceName(address),
  );
  // The domain's sentence, in the page's language: 'The minimum order for delivery to Kitengela is …'.
  const placeName = deliveryPlaceName(address).trim();
  const belowMinimum =
    smallOrder.kind === 'below_minimum'
      ? t(placeName ? 'minimumOrderTo' : 'minimumOrder', {
          place: placeName,
          minimum: formatKES(smallOrder.minimumCents),
          short: formatKES(smallOrder.shortCents),
        })
      : null;
  const mpesaPossible = mpesaAmountShillings(totals.totalCents) !== null;
  const byMpesa = paymentOptions.mpesa && payWith === 'mpesa' && mpesaPossible;
  // Pay on delivery: for a delivery, where the address's zone offers it to her.
  const onDeliveryOffered = paymentOptions.onDelivery && !pickup;
  const onDelivery = onDeliveryOffered && payWith === 'on_delivery';
  const { placeOrder, submitting } = usePlaceOrder(
    {
      lines,
      contact,
      emailOptional,
      address,
      coordinates,
      placeToken: place?.placeToken ?? null,
      rider,
      smsUpdates,
      buyerTax,
      priced,
      pickup,
      deliveryWindow: windows.chosen,
      choices,
      orderNote,
      promotionCode: promotion.code,
      mpesaPhone: byMpesa ? promptPhone : null,
      payOnDelivery: onDelivery,
    },
    {
      errors: setErrors,
      placed: (payment) => {
        forgetPromotionCode();
        setPayment(payment);
      },
      prompted: (mpesa) => {
        forgetPromotionCode();
        setPrompt(mpesa);
      },
      confirmed: () => forgetPromotionCode(),
      waiting: (orderId, message) => setWaiting({ orderId, message }),
      windowRefused: windows.refresh,
    },
  );
  const missing = missingCheckoutFields({ ...contact, address }, emailOptional, pickup);
  const filled = missing.length === 0;
  // Until then the button is only marked unavailable (aria-disabled), not disabled: Tab still reaches
  // it and, pressed, it says what is missing and moves focus there.
  const ready = filled && priced && belowMinimum === null;
  const [pressed, setPressed] = useState(false);
  const payButton = useRef<HTMLButtonElement>(null);

  // Pay was pressed while the fee was still being worked out.
  const [payWhenPriced, setPayWhenPriced] = useState(false);
  const busy = submitting || payWhenPriced;

  const pay = () => {
    if (busy) return;
    const first = missing[0];
    if (first) {
      setPressed(true);
      setErrors((e) => ({ ...e, ...Object.fromEntries(missing.map((f) => [f.field, t('checkoutRequired')])) }));
      document.getElementById(first.id)?.focus();
      return;
    }
    if (pickup) {
      void placeOrder();
      return;
    }
    // Pay pressed while the fee is being worked out (a picked place is priced again once its exact
    // point is known): the order is placed as soon as the fee is known, never dropped.
    if (quote.status === 'loading') {
      setPayWhenPriced(true);
      return;
    }
    if (quote.status !== 'ready') {
      setPressed(true);
      document.getElementById('checkout-address')?.focus();
      return;
    }
    // Nothing is placed below the minimum: the summary says how much more to add.
    if (belowMinimum) return;
    void placeOrder();
  };
  useEffect(() => {
    if (!payWhenPriced || quote.status === 'loading') return;
    setPayWhenPriced(false);
    if (quote.status === 'ready') {
      void placeOrder();
    } else {
      // The address could not be priced: its message is on the field.
      setPressed(true);
      document.getElementById('checkout-address')?.focus();
    }
  }, [payWhenPriced, quote.status, placeOrder]);

  const setField = (field: keyof Contact, value: string) => {
    setContact((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setBuyerTaxField = (field: keyof BuyerTaxDetails, value: string) => {
    setBuyerTax((b) => ({ ...b, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setRiderField = (field: keyof RiderDirections, value: string) => {
    setRiderValue(field, value);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <>
      <form
        noValidate
        className="grid gap-8 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          pay();
        }}
      >
        <div className="space-y-6 lg:col-span-3">
          <ContactFields
            value={contact}
            errors={errors}
            onChange={setField}
            smsUpdates={smsUpdates}
            onSmsUpdatesChange={setSmsUpdates}
            emailOptional={emailOptional}
          >
            <BuyerTaxFields value={buyerTax} errors={errors} onChange={setBuyerTaxField} open={Boolean(session.profile?.kraPin)} />
          </ContactFields>
          <Card>
            <CardContent className="space-y-4">
              {pickupOffer.offered ? (
                <FulfilmentChoice
                  value={method}
                  onChange={(m) => {
                    setMethod(m);
                    setErrors((e) => ({ ...e, address: undefined, deliveryWindow: undefined }));
                  }}
                />
              ) : (
                <h2 className="text-lg font-semibold">{t('delivery')}</h2>
              )}
              {pickup ? (
                <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="pickup-instructions">
                  <strong className="block">{t('collectAt')}</strong>
                  {pickupOffer.instructions}
                </p>
              ) : (
                <>
                  <AddressAutocomplete
                    id="checkout-address"
                    value={address}
                    required
                    error={errors.address}
                    choices={quote.status === 'error' ? quote.choices : undefined}
                    onType={(text) => {
                      setAddress(text);
                      setPicked(null);
                      setErrors((e) => ({ ...e, address: undefined }));
                    }}
                    onPick={(place) => {
                      setAddress(place.address);
                      setPicked(place);
                      deliveryAreaStore.remember({ ...place, name: areaName(place.address) });
                      setErrors((e) => ({ ...e, address: undefined }));
                    }}
                  />
                  <RiderDirectionsFields value={rider} errors={errors} onChange={setRiderField} />
                  <DeliveryFeeCard quote={quote} totals={totals} now={new Date()} />
                </>
              )}
              <DeliveryWindowPicker
                key={method}
                pickup={pickup}
                windows={{
                  ...windows,
                  choose: (choice) => {
                    windows.choose(choice);
                    setErrors((e) => ({ ...e, deliveryWindow: undefined }));
                  },
                }}
                error={errors.deliveryWindow}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="space-y-4">
              <h2 className="text-lg font-semibold">{t('yourItems')}</h2>
              <LineChoicesFields
                lines={lines}
                choices={choices}
                shopDefault={shopIfUnavailable}
                orderNote={orderNote}
                onChoice={(key, choice) => setChoices((c) => ({ ...c, [key]: choice }))}
                onOrderNote={setOrderNote}
              />
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit lg:col-span-2">
          <CardContent className="space-y-4">
            <PromotionCodeField promotion={promotion} />
            {(paymentOptions.mpesa || onDeliveryOffered) && (
              <PaymentMethodChoice
                value={
                  payWith === 'mpesa' && !paymentOptions.mpesa ? 'pesapal' : payWith === 'on_delivery' && !onDelivery ? 'pesapal' : payWith
                }
                onChange={setPayWith}
                mpesaOffered={paymentOptions.mpesa}
                onDeliveryOffered={onDeliveryOffered}
                mpesaPossible={mpesaPossible}
                mpesaPhone={promptPhone}
                onMpesaPhoneChange={(phone) => {
                  setMpesaPhone(phone);
                  setErrors((e) => ({ ...e, mpesaPhone: undefined }));
                }}
                mpesaPhoneError={errors.mpesaPhone}
              />
            )}
            <CheckoutSummary
              lines={lines}
              totals={totals}
              discountLabel={promotion.applied?.label ?? null}
              feeStatus={quote.status === 'loading' ? t('feeCalculating') : t('feeChooseAddress')}
              pickup={pickup}
            />
            {smallOrder.kind === 'fee' && (
              <p className="text-sm text-slate-600">
                {t('smallOrderFeeNotice', { fee: formatKES(smallOrder.feeCents), minimum: formatKES(smallOrder.minimumCents) })}
              </p>
            )}
            {belowMinimum && (
              <p role="alert" data-testid="minimum-order" className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
                {belowMinimum}
              </p>
            )}
            <Button
              ref={payButton}
              type="submit"
              size="lg"
              className="w-full"
              disabled={submitting}
              aria-disabled={!ready || undefined}
              aria-describedby="pay-hint"
            >
              {busy ? (
                <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
              ) : (
                <CreditCard aria-hidden="true" className="h-5 w-5" />
              )}
              {submitting
                ? t('creatingOrder')
                : payWhenPriced
                  ? t('workingOutFee')
                  : byMpesa
                    ? t('payWithMpesa')
                    : onDelivery
                      ? t('confirmOrder')
                      : t('payWithPesapal')}
            </Button>
            <p id="pay-hint" className="text-sm text-slate-600" aria-live="polite">
              {!filled
                ? pressed
                  ? missingFieldsMessage(missing, t)
                  : t('checkoutRequired')
                : !priced
                  ? t('feeMustBeKnown')
                  : (belowMinimum ?? (byMpesa ? t('mpesaPayHint') : t('pesapalPayHint')))}
            </p>
            <PrivacyNoticeLink />
          </CardContent>
        </Card>
      </form>
      {prompt && (
        <MpesaWaitingDialog
          prompt={prompt}
          onClose={() => setPrompt(null)}
          onResend={() => void checkoutPayment.resend(prompt.orderId)}
          onPayAnotherWay={() => void retry(prompt.orderId)}
          busy={retrying}
          notice={checkoutPayment.notice}
          returnFocusTo={payButton}
        />
      )}
      {waiting && <WaitingOrderDialog waiting={waiting} onClose={() => setWaiting(null)} onPay={setPayment} />}
      {payment && (
        <PaymentModal
          open
          iframeUrl={payment.iframeUrl}
          orderId={payment.orderId}
          onClose={() => setPayment(null)}
          onRetry={() => void retry(payment.orderId)}
          retrying={retrying}
          returnFocusTo={payButton}
        />
      )}
    </>
  );
}
