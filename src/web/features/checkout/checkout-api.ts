// The /api/checkout endpoints as the checkout page uses them; request and answer types come from the routes.
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../lib/api-client';

const checkout = api.checkout;

export type AddressSuggestion = InferResponseType<typeof checkout.places.autocomplete.$post, 200>['predictions'][number];

/** The order as the server takes it (items, customerInfo, deliveryInfo, smsUpdates, idempotencyKey). */
export type CreateOrderRequest = InferRequestType<typeof checkout.orders.$post>['json'];

/** The building and directions of the customer's last order, to prefill checkout ('' when none). */
export const fetchLastRiderDirections = () => call(checkout['last-delivery'].$get());

/** Prediction errors are silent: no suggestions. */
export function fetchPredictions(input: string, sessionToken: string): Promise<AddressSuggestion[]> {
  return call(checkout.places.autocomplete.$post({ json: { input, sessionToken } }))
    .then((r) => r.predictions)
    .catch(() => []);
}

/** The picked place's point, with the placeToken that vouches for it (the order sends both back). */
export const fetchPlaceDetails = (placeId: string, sessionToken: string) =>
  call(checkout.places.details.$post({ json: { placeId, sessionToken } }));

/** The delivery windows offered for a zone now, the one chosen first, and when the shop opens if it is closed. */
export const fetchDeliveryWindows = (zoneId: string) => call(checkout['delivery-windows'].$get({ query: { zoneId } }));

export type DeliveryWindows = Awaited<ReturnType<typeof fetchDeliveryWindows>>;

/** Whether the shop offers collection, where, and its pick-up windows now. */
export const fetchPickup = () => call(checkout.pickup.$get());

export const fetchDeliveryFee = (address: string, coordinates: { lat: number; lng: number } | null) =>
  call(checkout['delivery-fee'].$post({ json: { address, latitude: coordinates?.lat ?? null, longitude: coordinates?.lng ?? null } }));

/**
 * Creates the order (or, for the same idempotency key, answers with the same one). Failures throw
 * ApiError: code ORDER_PAID and orderId when that order is paid already, orderId when it exists.
 */
export const createOrder = (body: CreateOrderRequest) => call(checkout.orders.$post({ json: body }));

/** The promotion the cart would get (a typed code, else the best automatic offer), or why the code is refused. */
export const fetchPromotion = (json: InferRequestType<(typeof checkout)['promotion']['$post']>['json']) =>
  call(checkout.promotion.$post({ json }));

export type PromotionPreview = Awaited<ReturnType<typeof fetchPromotion>>;

/**
 * The ways to pay checkout offers: M-Pesa Express when the shop has it (and how long its prompt
 * waits), and pay on delivery when the address's zone offers it to this customer.
 */
export const fetchPaymentOptions = (zoneId: string | null) => call(checkout['payment-options'].$get({ query: zoneId ? { zoneId } : {} }));
