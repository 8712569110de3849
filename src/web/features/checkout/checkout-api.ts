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
  /** 'Send me SMS updates' about this order. */
  sms_updates: boolean;
}

/** A placed order and the Pesapal page that pays it. */
export interface PlacedOrderResponse {
  success: true;
  iframe_url: string;
  order_id: string;
}

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
 * Creates the order (or, for the same idempotency key, answers with the same one). Failures throw
 * ApiError: code ORDER_PAID and orderId when that order is paid already, orderId when it exists.
 */
export const createOrder = (body: CreateOrderRequest) =>
  apiFetch<PlacedOrderResponse>('/api/checkout/orders', { method: 'POST', json: body });
