// /api/checkout: address suggestions, place details, the delivery fee and order creation.
// Everything here needs a signed-in customer (checkout is signed-in only, and the address
// provider is a paid API).
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { DomainError } from '../../errors';
import { currentUser, requireUser } from '../../http/session';
import { valid } from '../../http/validate';
import { autocompleteSchema, createOrderSchema, deliveryFeeSchema, placeDetailsSchema } from './checkout.schemas';
import { addressNotFound, quoteDelivery, resolveDestination } from './delivery-quote.service';
import { lastRiderDirections } from './last-delivery.service';
import { placeOrder } from './order-placement.service';
import { placeDetails, signedPlaceDetails, suggestAddresses } from './places.service';

export const PLACE_DETAILS_FAILED = 'Failed to get place details';

export function checkoutRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .use('*', requireUser(ctx))
    .post('/places/autocomplete', valid('json', autocompleteSchema), async (c) => {
      const { input, sessionToken } = c.req.valid('json');
      return c.json({ predictions: await suggestAddresses(ctx, input, sessionToken) });
    })
    .post('/places/details', valid('json', placeDetailsSchema), async (c) => {
      const { placeId, sessionToken } = c.req.valid('json');
      const details = await placeDetails(ctx, placeId, sessionToken);
      if (!details) throw new DomainError('not_found', 'PLACE_DETAILS_FAILED', PLACE_DETAILS_FAILED);
      return c.json(signedPlaceDetails(ctx, details));
    })
    .post('/delivery-fee', valid('json', deliveryFeeSchema), async (c) => {
      const body = c.req.valid('json');
      const coordinates = body.latitude != null && body.longitude != null ? { lat: body.latitude, lng: body.longitude } : null;
      const destination = await resolveDestination(ctx, body.address, coordinates);
      if (!destination) throw addressNotFound();
      const quote = await quoteDelivery(ctx, destination);
      return c.json({
        success: true,
        delivery_fee: quote.feeCents / 100,
        zone_name: quote.zoneName,
        estimated_time_mins: quote.estimatedMinutes,
        formatted_distance: quote.formattedDistance,
        // The origin is configurable (back office), so the page says where the distance starts.
        origin_label: quote.originLabel,
        error: null,
      });
    })
    .get('/last-delivery', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await lastRiderDirections(ctx.db, currentUser(c).id));
    })
    .post('/orders', valid('json', createOrderSchema), async (c) => {
      const user = currentUser(c);
      const body = c.req.valid('json');
      const placed = await placeOrder(ctx, user.id, {
        items: body.items.map((i) => ({ productId: i.product_id, quantity: i.quantity })),
        customer: body.customer_info,
        delivery: {
          address: body.delivery_info.address,
          coordinates: body.delivery_info.coordinates,
          placeToken: body.delivery_info.place_token,
          building: body.delivery_info.building,
          directions: body.delivery_info.directions,
        },
        idempotencyKey: body.idempotency_key,
        smsUpdates: body.sms_updates ?? true,
      });
      return c.json({ success: true, iframe_url: placed.iframeUrl, order_id: placed.orderId, error: null });
    });
}
