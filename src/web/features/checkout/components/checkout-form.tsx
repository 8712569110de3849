// /checkout: contact details (prefilled from the profile), the delivery address with its fee, the
// order summary and 'Pay with Pesapal', which creates the order on the server and opens Pesapal's
// page in the payment modal. The browser sends product ids and quantities only: the server prices.
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { cartLinesForTotals, type CartLine } from '@/domain/cart';
import { computeOrderTotals } from '@/domain/cart-totals';
import { MESSAGES } from '@/domain/validation';
import type { RiderDirections } from '@/domain/rider-directions';
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import { formatPhone } from '@/domain/phone';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import type { SessionInfo } from '../../account/use-session';
import { PaymentModal } from '../../payments/components/payment-modal';
import { missingCheckoutFields, missingFieldsMessage, type CheckoutErrors, type Contact } from '../checkout-fields';
import { areaName, deliveryAreaStore } from '../delivery-area';
import { useCheckoutPayment } from '../use-checkout-payment';
import { useDeliveryQuote } from '../use-delivery-quote';
import { usePricesIncludeVat } from '../../../lib/shop-settings-query';
import { useDeliveryWindows } from '../use-delivery-windows';
import { usePlaceOrder } from '../use-place-order';
import { useRiderDirections } from '../use-rider-directions';
import { AddressAutocomplete, type PickedAddress } from './address-autocomplete';
import { CheckoutSummary } from './checkout-summary';
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
  const { payment, setPayment, retrying, retry } = useCheckoutPayment(onPaymentOpenChange);
  const [waiting, setWaiting] = useState<WaitingOrder | null>(null);

  // The picked place applies only while its text is unchanged in the box.
  const place = picked && picked.address === address ? picked : null;
  const coordinates = place?.coordinates ?? null;
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [orderNote, setOrderNote] = useState('');
  const quote = useDeliveryQuote(address, coordinates);
  const pricesIncludeVat = usePricesIncludeVat();
  const windows = useDeliveryWindows(quote.status === 'ready' ? quote.zoneId : null);
  const totals = computeOrderTotals({
    lines: cartLinesForTotals(lines),
    deliveryFeeCents: quote.status === 'ready' ? quote.feeCents : null,
    deliveryFeeTaxBand: quote.status === 'ready' ? quote.feeTaxBand : undefined,
    pricesIncludeVat: quote.status === 'ready' ? quote.pricesIncludeVat : pricesIncludeVat,
  });
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
      priced: quote.status === 'ready',
      deliveryWindow: windows.chosen,
      choices,
      orderNote,
    },
    {
      errors: setErrors,
      placed: setPayment,
      waiting: (orderId, message) => setWaiting({ orderId, message }),
      windowRefused: windows.refresh,
    },
  );
  const missing = missingCheckoutFields({ ...contact, address }, emailOptional);
  const filled = missing.length === 0;
  // Until then the button is only marked unavailable (aria-disabled), not disabled: Tab still reaches
  // it and, pressed, it says what is missing and moves focus there.
  const ready = filled && quote.status === 'ready';
  const [pressed, setPressed] = useState(false);
  const payButton = useRef<HTMLButtonElement>(null);

  const pay = () => {
    if (submitting) return;
    const first = missing[0];
    if (first) {
      setPressed(true);
      setErrors((e) => ({ ...e, ...Object.fromEntries(missing.map((f) => [f.field, MESSAGES.checkoutRequired])) }));
      document.getElementById(first.id)?.focus();
      return;
    }
    if (quote.status !== 'ready') {
      setPressed(true);
      document.getElementById('checkout-address')?.focus();
      return;
    }
    void placeOrder();
  };

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
              <h2 className="text-lg font-semibold">Delivery</h2>
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
              <DeliveryWindowPicker
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
              <h2 className="text-lg font-semibold">Your items</h2>
              <LineChoicesFields
                lines={lines}
                choices={choices}
                orderNote={orderNote}
                onChoice={(key, choice) => setChoices((c) => ({ ...c, [key]: choice }))}
                onOrderNote={setOrderNote}
              />
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit lg:col-span-2">
          <CardContent className="space-y-4">
            <CheckoutSummary
              lines={lines}
              totals={totals}
              feeStatus={quote.status === 'loading' ? 'Calculating...' : 'Choose an address'}
            />
            <Button
              ref={payButton}
              type="submit"
              size="lg"
              className="w-full"
              disabled={submitting}
              aria-disabled={!ready || undefined}
              aria-describedby="pay-hint"
            >
              {submitting ? (
                <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
              ) : (
                <CreditCard aria-hidden="true" className="h-5 w-5" />
              )}
              {submitting ? 'Creating your order…' : 'Pay with Pesapal'}
            </Button>
            <p id="pay-hint" className="text-sm text-slate-600" aria-live="polite">
              {!filled
                ? pressed
                  ? missingFieldsMessage(missing)
                  : MESSAGES.checkoutRequired
                : quote.status !== 'ready'
                  ? 'The delivery fee must be known before you pay.'
                  : 'You will pay on Pesapal’s secure page by card or M-Pesa.'}
            </p>
          </CardContent>
        </Card>
      </form>
      {waiting && <WaitingOrderDialog waiting={waiting} onClose={() => setWaiting(null)} onPay={setPayment} />}
      {payment && (
        <PaymentModal
          open
          iframeUrl={payment.iframeUrl}
          orderId={payment.orderId}
          onClose={() => setPayment(null)}
          onRetry={() => void retry()}
          retrying={retrying}
          returnFocusTo={payButton}
        />
      )}
    </>
  );
}
