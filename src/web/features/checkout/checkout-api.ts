// The /api/checkout endpoints as the checkout page uses them.
import type { AddressPrediction, PlaceDetails } from '@/server/integrations/places/address-provider';
import type { RiderDirections } from '@/domain/rider-directions';
import { apiFetch } from '../../lib/api';

export type { AddressPrediction, PlaceDetails };

/** The server vouches for the point with place_token; the order sends both back. */
export type SignedPlaceDetails = PlaceDetails & { place_token: string };

/** The delivery fee response (delivery_fee in KES), plus where the distance is measured from. */
export interface DeliveryFeeResponse {
  success: boolean;
  delivery_fee: number | null;
  zone_name: string | null;
  estimated_time_mins: number | null;
  formatted_distance: string | null;
  origin_label: string | null;
  error: string | null;
}

export interface CreateOrderRequest {
  items: { product_id: string; quantity: number }[];
  customer_info: { full_name: string; email: string; phone: string; address: string };
  delivery_info: {
    address: string;
    coordinates: { lat: number; lng: number } | null;
    place_token: string | null;
    building: string;
    directions: string;
  };
  idempotency_key: string;
}

export type CreateOrderOutcome =
  | { ok: true; orderId: string; iframeUrl: string }
  | { ok: false; status: number; message: string | null; orderId: string | null; orderPaid?: boolean; fields?: Record<string, string> };

/** The building and directions of the customer's last order, to prefill checkout ('' when none). */
export const fetchLastRiderDirections = () => apiFetch<RiderDirections>('/api/checkout/last-delivery');

/** Prediction errors are silent: no suggestions. */
export function fetchPredictions(input: string, sessionToken: string): Promise<AddressPrediction[]> {
  return apiFetch<{ predictions: AddressPrediction[] }>('/api/checkout/places/autocomplete', {
    method: 'POST',
    json: { input, sessionToken },
  })
    .then((r) => r.predictions)
    .catch(() => []);
}

export const fetchPlaceDetails = (placeId: string, sessionToken: string) =>
  apiFetch<SignedPlaceDetails>('/api/checkout/places/details', { method: 'POST', json: { placeId, sessionToken } });

export const fetchDeliveryFee = (address: string, coordinates: { lat: number; lng: number } | null) =>
  apiFetch<DeliveryFeeResponse>('/api/checkout/delivery-fee', {
    method: 'POST',
    json: { address, latitude: coordinates?.lat ?? null, longitude: coordinates?.lng ?? null },
  });

/**
 * Creates the order. The endpoint answers { success, iframe_url, order_id, error } (error a message),
 * or our usual { error: { message, fields } } for invalid input; both become a CreateOrderOutcome.
 * A network failure throws.
 */
export async function createOrder(body: CreateOrderRequest): Promise<CreateOrderOutcome> {
  const res = await fetch('/api/checkout/orders', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as {
    success?: boolean;
    iframe_url?: string | null;
    order_id?: string | null;
    error?: string | { message?: string; fields?: Record<string, string> } | null;
    order_paid?: boolean;
  } | null;
  if (res.ok && json?.success && json.iframe_url && json.order_id) {
    return { ok: true, orderId: json.order_id, iframeUrl: json.iframe_url };
  }
  const error = json?.error;
  const orderId = json?.order_id ?? null;
  if (typeof error === 'string') return { ok: false, status: res.status, message: error, orderId, orderPaid: json?.order_paid === true };
  return { ok: false, status: res.status, message: error?.message ?? null, orderId, fields: error?.fields };
}
