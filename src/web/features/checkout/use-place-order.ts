// 'Pay with Pesapal': checks the form, creates the order on the server and hands its payment page
// on; what the server refuses is told the way the customer can act on it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartLineKey, type CartLine } from '@/domain/cart';
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import type { LatLng } from '@/domain/delivery-fee';
import type { RiderDirections } from '@/domain/rider-directions';
import { ApiError } from '@/web/lib/api';
import { queryClient } from '@/web/lib/query-client';
import { toast } from '@/web/lib/toast';
import { checkoutText } from '@/web/i18n/checkout-text';
import { sessionQueryKey } from '../account/use-session';
import { createOrder } from './checkout-api';
import { checkCheckout, fieldErrorsFrom, type CheckoutErrors, type Contact } from './checkout-fields';
import { shownErrors, shownMessage } from './checkout-messages';
import type { OpenPayment } from './use-checkout-payment';
import type { MpesaPromptView } from '../payments/payment-api';
import type { WindowChoice } from './use-delivery-windows';
import type { LineChoice } from './components/line-choices-fields';
import { announceConfirmedOnDelivery } from '../payments/payment-outcome';

export interface OrderDraft {
  lines: readonly CartLine[];
  contact: Contact;
  /** The account signed in by phone and has no email: checkout does not require one. */
  emailOptional: boolean;
  address: string;
  coordinates: LatLng | null;
  placeToken: string | null;
  rider: RiderDirections;
  /** 'Send me SMS updates' about this order. */
  smsUpdates: boolean;
  /** The KRA PIN and business name for a business tax invoice ('' for a personal one). */
  buyerTax: BuyerTaxDetails;
  /** The delivery fee is known. */
  priced: boolean;
  /** The delivery window chosen (null: the zone has none, the server takes the soonest). */
  deliveryWindow: WindowChoice | null;
  /** Per cart line key: 'If unavailable' and the line's note; and the note for the shop. */
  choices: Readonly<Record<string, LineChoice>>;
  orderNote: string;
  /** The promotion code applied ('' for none: the server applies the best automatic offer). */
  promotionCode: string;
  /** Collected at the shop: no address or rider directions are sent. */
  pickup: boolean;
  /** An M-Pesa Express prompt to this number instead of Pesapal's page (null: Pesapal). */
  mpesaPhone: string | null;
  /** Paid to the rider on delivery: the order is confirmed without a payment now. */
  payOnDelivery: boolean;
}

export interface PlaceOrderHandlers {
  errors(errors: CheckoutErrors): void;
  placed(payment: OpenPayment): void;
  /** The M-Pesa prompt went to the phone: the waiting screen shows it. */
  prompted(prompt: MpesaPromptView): void;
  /** Confirmed to be paid on delivery: the cart is emptied and the order's page shown. */
  confirmed(orderId: string): void;
  /** The same goods are already in an order waiting for its payment: offer that order instead. */
  waiting(orderId: string, message: string): void;
  /** The chosen window filled up or closed meanwhile: show the windows again. */
  windowRefused(): void;
}

export function usePlaceOrder(draft: OrderDraft, on: PlaceOrderHandlers) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const { lines, contact, address, coordinates, placeToken, rider, smsUpdates, buyerTax, priced, deliveryWindow, emailOptional } = draft;
  const { choices, orderNote, promotionCode, pickup, mpesaPhone, payOnDelivery } = draft;

  // One order per checkout: a double click, or paying again after closing the modal, sends the same
  // key and gets the same order back. Changing the cart or the details starts a new one.
  const idempotencyKey = useRef(crypto.randomUUID());
  const signature = useMemo(
    () =>
      JSON.stringify([
        lines.map((l) => [l.productId, l.quantity]),
        contact,
        address,
        coordinates,
        rider,
        smsUpdates,
        buyerTax,
        choices,
        orderNote,
        promotionCode,
        pickup,
        mpesaPhone,
        payOnDelivery,
      ]),
    [
      lines,
      contact,
      address,
      coordinates,
      rider,
      smsUpdates,
      buyerTax,
      choices,
      orderNote,
      promotionCode,
      pickup,
      mpesaPhone,
      payOnDelivery,
    ],
  );
  useEffect(() => {
    idempotencyKey.current = crypto.randomUUID();
  }, [signature]);

  async function placeOrder(retryWithNewKey = true): Promise<void> {
    const checked = checkCheckout(contact, address, rider, buyerTax, emailOptional, pickup);
    if (!checked.ok) {
      // The form rules' messages in the page's language (the server's, below, as they come).
      on.errors(shownErrors(checked.errors, checkoutText));
      toast.error(shownMessage(checked.message, checkoutText));
      return;
    }
    if (!priced && !pickup) {
      toast.error(checkoutText('checkoutRequired'));
      return;
    }
    const { customer } = checked;
    setSubmitting(true);
    try {
      const common = {
        items: lines.map((l) => ({
          productId: l.productId,
          ...(l.variantId !== undefined && { variantId: l.variantId }),
          quantity: l.quantity,
          ...choices[cartLineKey(l)],
        })),
        note: orderNote,
        customerInfo: { fullName: customer.fullName, email: customer.email, phone: customer.phone, address: customer.address },
        idempotencyKey: idempotencyKey.current,
        smsUpdates,
        buyerTax: checked.buyerTax,
        deliveryWindow,
        promotionCode,
        payment: payOnDelivery
          ? ({ method: 'on_delivery' } as const)
          : mpesaPhone === null
            ? ({ method: 'pesapal' } as const)
            : ({ method: 'mpesa', mpesaPhone } as const),
      };
      const placed = await createOrder(
        pickup
          ? { ...common, fulfilment: 'pickup' }
          : { ...common, fulfilment: 'delivery', deliveryInfo: { address: customer.address, coordinates, placeToken, ...checked.rider } },
      );
      if (placed.payOnDelivery) {
        on.confirmed(placed.orderId);
        // Nothing to pay now: the cart is done with, and the order's page says what the rider collects.
        announceConfirmedOnDelivery(placed.orderId);
        navigate('/order-success', { state: { orderId: placed.orderId } });
      } else if (placed.mpesa) on.prompted(placed.mpesa);
      else if (placed.iframeUrl) on.placed({ orderId: placed.orderId, iframeUrl: placed.iframeUrl });
      // The profile may have just learnt the customer's name and address: the header names her.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      // Its window's places, or its last units, go to whoever pays first: said while the payment page opens.
      if (placed.deliveryWindowNotice) toast.info(placed.deliveryWindowNotice);
      if (placed.stockNotice) toast.info(placed.stockNotice);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        toast.error(checkoutText('checkoutError'));
      } else if (err.status === 401) {
        toast.error(checkoutText('loginRequired'));
        navigate('/auth', { state: { from: { pathname: '/checkout' } } });
      } else if (err.code === 'ORDER_AWAITING_PAYMENT' && err.orderId) {
        on.waiting(err.orderId, err.message);
      } else if (err.code === 'ORDER_PAID' && err.orderId) {
        // Paid already (the live update was missed): show that order rather than take money again.
        toast.info(err.message || checkoutText('alreadyPaid'));
        navigate('/order-success', { state: { orderId: err.orderId } });
      } else if (err.status === 409 && err.orderId && retryWithNewKey) {
        // The order behind this key is over (its payment failed): this is a new order.
        idempotencyKey.current = crypto.randomUUID();
        await placeOrder(false);
      } else {
        if (err.code?.startsWith('DELIVERY_WINDOW_')) on.windowRefused();
        if (err.fields) on.errors(fieldErrorsFrom(err.fields));
        toast.error(err.message || checkoutText('paymentOrderFailed'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return { placeOrder, submitting };
}
