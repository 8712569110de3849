// /checkout: contact details (prefilled from the profile), the delivery address with its fee, the
// order summary and 'Pay with Pesapal', which creates the order on the server and opens Pesapal's
// page in the payment modal. The browser sends product ids and quantities only: the server prices.
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { cartLinesForTotals, type CartLine } from '@/domain/cart';
import { computeCartTotals } from '@/domain/cart-totals';
import { MESSAGES, checkoutCustomerSchema } from '@/domain/validation';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { TextField } from '@/web/components/ui/text-field';
import type { SessionInfo } from '../../account/use-session';
import { PaymentModal } from '../../payments/components/payment-modal';
import { riderDirectionsSchema, type RiderDirections } from '@/domain/rider-directions';
import { RETRY_FAILED, retryPayment } from '../../payments/payment-api';
import { createOrder, fetchLastRiderDirections } from '../checkout-api';
import { useDeliveryQuote } from '../use-delivery-quote';
import { AddressAutocomplete, type PickedAddress } from './address-autocomplete';
import { CheckoutSummary } from './checkout-summary';
import { DeliveryFeeCard } from './delivery-fee-card';
import { RiderDirectionsFields } from './rider-directions-fields';
import { formatPhone } from '@/domain/phone';

export const ORDER_FAILED = 'Failed to create payment order';
export const CHECKOUT_ERROR = 'There was an error processing your checkout. Please try again.';

type Field = 'fullName' | 'email' | 'phone' | 'address' | keyof RiderDirections;
type Contact = Record<'fullName' | 'email' | 'phone', string>;

interface OpenPayment {
  orderId: string;
  iframeUrl: string;
}

export interface CheckoutFormProps {
  lines: readonly CartLine[];
  session: SessionInfo;
  /** The payment modal opened or closed. */
  onPaymentOpenChange(open: boolean): void;
}

export function CheckoutForm({ lines, session, onPaymentOpenChange }: CheckoutFormProps) {
  const navigate = useNavigate();
  const [contact, setContact] = useState<Contact>(() => ({
    fullName: session.profile?.fullName || session.user?.name || '',
    email: session.user?.email ?? '',
    phone: formatPhone(session.profile?.phone ?? ''),
  }));
  const [address, setAddress] = useState(session.profile?.address ?? '');
  const [rider, setRider] = useState<RiderDirections>({ building: '', directions: '' });
  const riderTouched = useRef(false);
  const lastRider = useQuery({ queryKey: ['checkout', 'last-delivery'], queryFn: fetchLastRiderDirections });
  // Prefilled from the last order, unless the customer has started typing here.
  useEffect(() => {
    if (lastRider.data && !riderTouched.current) setRider(lastRider.data);
  }, [lastRider.data]);
  const [picked, setPicked] = useState<PickedAddress | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [payment, setPayment] = useState<OpenPayment | null>(null);
  const paying = payment !== null;
  useEffect(() => onPaymentOpenChange(paying), [paying, onPaymentOpenChange]);

  // The picked place applies only while its text is unchanged in the box.
  const place = picked && picked.address === address ? picked : null;
  const coordinates = place?.coordinates ?? null;
  const quote = useDeliveryQuote(address, coordinates);
  const totals = computeCartTotals({
    lines: cartLinesForTotals(lines),
    deliveryFeeCents: quote.status === 'ready' ? quote.feeCents : null,
  });
  const filled = [contact.fullName, contact.email, contact.phone, address].every((v) => v.trim() !== '');
  const canPay = filled && quote.status === 'ready' && !submitting;

  // One order per checkout: a double click, or paying again after closing the modal, sends the same
  // key and gets the same order back. Changing the cart or the details starts a new one.
  const idempotencyKey = useRef(crypto.randomUUID());
  const payButton = useRef<HTMLButtonElement>(null);
  const signature = useMemo(
    () => JSON.stringify([lines.map((l) => [l.productId, l.quantity]), contact, address, coordinates, rider]),
    [lines, contact, address, coordinates, rider],
  );
  useEffect(() => {
    idempotencyKey.current = crypto.randomUUID();
  }, [signature]);

  const setField = (field: keyof Contact, value: string) => {
    setContact((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setRiderField = (field: keyof RiderDirections, value: string) => {
    riderTouched.current = true;
    setRider((r) => ({ ...r, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function placeOrder(retryWithNewKey = true): Promise<void> {
    const parsed = checkoutCustomerSchema.safeParse({ ...contact, address });
    const riderParsed = riderDirectionsSchema.safeParse(rider);
    if (!parsed.success || !riderParsed.success) {
      const issues = [...(parsed.error?.issues ?? []), ...(riderParsed.error?.issues ?? [])];
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const issue of issues) fieldErrors[issue.path[0] as Field] ??= issue.message;
      setErrors(fieldErrors);
      toast.error(issues[0]?.message ?? MESSAGES.checkoutRequired);
      return;
    }
    if (quote.status !== 'ready') {
      toast.error(MESSAGES.checkoutRequired);
      return;
    }
    setSubmitting(true);
    try {
      const placed = await createOrder({
        items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
        customer_info: { full_name: parsed.data.fullName, email: parsed.data.email, phone: parsed.data.phone, address: parsed.data.address },
        delivery_info: { address: parsed.data.address, coordinates, place_token: place?.placeToken ?? null, ...riderParsed.data },
        idempotency_key: idempotencyKey.current,
      });
      setPayment({ orderId: placed.order_id, iframeUrl: placed.iframe_url });
    } catch (err) {
      if (!(err instanceof ApiError)) {
        toast.error(CHECKOUT_ERROR);
      } else if (err.status === 401) {
        toast.error(MESSAGES.loginRequired);
        navigate('/auth', { state: { from: { pathname: '/checkout' } } });
      } else if (err.code === 'ORDER_PAID' && err.orderId) {
        // Paid already (the live update was missed): show that order rather than take money again.
        toast.info(err.message || 'This order is already paid.');
        navigate('/order-success', { state: { orderId: err.orderId } });
      } else if (err.status === 409 && err.orderId && retryWithNewKey) {
        // The order behind this key is over (its payment failed): this is a new order.
        idempotencyKey.current = crypto.randomUUID();
        await placeOrder(false);
      } else {
        if (err.fields) setErrors(fieldErrorsFrom(err.fields));
        toast.error(err.message || ORDER_FAILED);
      }
    } finally {
      setSubmitting(false);
    }
  }

  // Try Again pays the same order again (a new attempt on it, while its stock is still reserved).
  const [retrying, setRetrying] = useState(false);
  const retryAfterFailure = async () => {
    if (!payment || retrying) return;
    setRetrying(true);
    try {
      const answer = await retryPayment(payment.orderId);
      setPayment({ orderId: answer.order_id, iframeUrl: answer.iframe_url });
    } catch (err) {
      // Its reservation is over (or it was paid meanwhile): the next Pay places or shows the order.
      setPayment(null);
      toast.error(errorMessage(err, RETRY_FAILED));
    } finally {
      setRetrying(false);
    }
  };

  return (
    <>
      <form
        noValidate
        className="grid gap-8 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (canPay) void placeOrder();
        }}
      >
        <div className="space-y-6 lg:col-span-3">
          <Card>
            <CardContent className="space-y-4">
              <h2 className="text-lg font-semibold">Contact Information</h2>
              <TextField id="checkout-name" label="Full Name" autoComplete="name" value={contact.fullName} error={errors.fullName} onChange={(e) => setField('fullName', e.currentTarget.value)} />
              <TextField id="checkout-email" label="Email" type="email" autoComplete="email" value={contact.email} error={errors.email} onChange={(e) => setField('email', e.currentTarget.value)} />
              <TextField id="checkout-phone" label="Phone Number" type="tel" autoComplete="tel" placeholder="+254 700 000 000" value={contact.phone} error={errors.phone} onChange={(e) => setField('phone', e.currentTarget.value)} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="space-y-4">
              <h2 className="text-lg font-semibold">Delivery</h2>
              <AddressAutocomplete
                id="checkout-address"
                value={address}
                error={errors.address}
                onType={(text) => {
                  setAddress(text);
                  setPicked(null);
                  setErrors((e) => ({ ...e, address: undefined }));
                }}
                onPick={(place) => {
                  setAddress(place.address);
                  setPicked(place);
                  setErrors((e) => ({ ...e, address: undefined }));
                }}
              />
              <RiderDirectionsFields value={rider} errors={errors} onChange={setRiderField} />
              <DeliveryFeeCard quote={quote} totals={totals} now={new Date()} />
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit lg:col-span-2">
          <CardContent className="space-y-4">
            <CheckoutSummary lines={lines} totals={totals} feeStatus={quote.status === 'loading' ? 'Calculating...' : 'Choose an address'} />
            <Button ref={payButton} type="submit" size="lg" className="w-full" disabled={!canPay} aria-describedby="pay-hint">
              {submitting ? <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" /> : <CreditCard aria-hidden="true" className="h-5 w-5" />}
              {submitting ? 'Creating your order…' : 'Pay with Pesapal'}
            </Button>
            <p id="pay-hint" className="text-sm text-slate-600">
              {!filled
                ? MESSAGES.checkoutRequired
                : quote.status !== 'ready'
                  ? 'The delivery fee must be known before you pay.'
                  : 'You will pay on Pesapal’s secure page by card or M-Pesa.'}
            </p>
          </CardContent>
        </Card>
      </form>
      {payment && (
        <PaymentModal
          open
          iframeUrl={payment.iframeUrl}
          orderId={payment.orderId}
          onClose={() => setPayment(null)}
          onRetry={() => void retryAfterFailure()}
          retrying={retrying}
          returnFocusTo={payButton}
        />
      )}
    </>
  );
}

/** The server's field keys (customer_info.fullName, delivery_info.address) mapped to the form's. */
function fieldErrorsFrom(fields: Record<string, string>): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const last = key.split('.').pop();
    if (last === 'fullName' || last === 'email' || last === 'phone' || last === 'address' || last === 'building' || last === 'directions') out[last] ??= message;
  }
  return out;
}
