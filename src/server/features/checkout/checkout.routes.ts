// /api/checkout: address suggestions, place details, the delivery fee, the promotion preview and order creation.
// Orders and the last delivery's directions need a signed-in customer. The address look-ups and the
// fee are open to visitors too (the cart and product pages show the fee before sign-in), within a
// per-address budget for visitors without a session (lookup-limit.ts): the provider is a paid API.
import { Hono } from 'hono';
import { requestLocale } from '@/domain/locale';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ServerContext } from '../../context';
import { isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import { DomainError } from '../../errors';
import { currentUser, optionalUser, requireUser } from '../../auth/session';
import { valid } from '../../infra/http/validate';
import {
  autocompleteSchema,
  createOrderSchema,
  createOrderWithEmailSchema,
  deliveryFeeSchema,
  deliveryWindowsSchema,
  paymentOptionsSchema,
  placeDetailsSchema,
  promotionPreviewSchema,
} from './checkout.schemas';
import { previewPromotion } from '../promotions/promotion-preview.service';
import { addressNotFound, quoteDelivery, resolveDestination } from '../delivery/delivery-quote.service';
import { usualWindowTime } from '../account/account.service';
import { checkoutSlots, pickupSlots } from '../delivery/delivery-slots.service';
import { loadPickupSettings } from '../delivery/pickup-settings.service';
import { lastRiderDirections } from './last-delivery.service';
import { takeLookupSlot } from './lookup-limit';
import { placeOrder } from './order-placement.service';
import { payOnDeliveryOffer } from './pay-on-delivery.service';
import { requireMpesaPhone } from '../payments/mpesa/mpesa-attempt.service';
import { placeDetails, signedPlaceDetails, suggestAddresses } from './places.service';

const PLACE_DETAILS_FAILED = 'Failed to get place details';

/**
 * Every account gives an email at checkout except one made by phone that has none (its receipts go by
 * SMS): for the others the order is first checked with the email required, so all missing fields are
 * named in one answer.
 */
const withEmail = valid('json', createOrderWithEmailSchema);
const emailUnlessPhoneAccount = createMiddleware<AppEnv>(async (c, next) => {
  if (isPhoneOnlyEmail(currentUser(c).email)) return next();
  // The validator's context type carries its own input; the request is the same.
  return withEmail(c as unknown as Parameters<typeof withEmail>[0], next);
});

export function checkoutRoutes(ctx: ServerContext) {
  return (
    new Hono<AppEnv>()
      .use('/places/*', optionalUser(ctx))
      .use('/delivery-fee', optionalUser(ctx))
      .use('/delivery-windows', optionalUser(ctx))
      .use('/promotion', optionalUser(ctx))
      .use('/last-delivery', requireUser(ctx))
      .use('/payment-options', optionalUser(ctx))
      .use('/orders', requireUser(ctx))
      .post('/places/autocomplete', valid('json', autocompleteSchema), async (c) => {
        await takeLookupSlot(c, ctx);
        const { input, sessionToken } = c.req.valid('json');
        return c.json({ predictions: await suggestAddresses(ctx, input, sessionToken) });
      })
      .post('/places/details', valid('json', placeDetailsSchema), async (c) => {
        await takeLookupSlot(c, ctx);
        const { placeId, sessionToken } = c.req.valid('json');
        const details = await placeDetails(ctx, placeId, sessionToken);
        if (!details) throw new DomainError('not_found', 'PLACE_DETAILS_FAILED', PLACE_DETAILS_FAILED);
        return c.json(signedPlaceDetails(ctx, details));
      })
      .post('/delivery-fee', valid('json', deliveryFeeSchema), async (c) => {
        await takeLookupSlot(c, ctx);
        const body = c.req.valid('json');
        const coordinates = body.latitude != null && body.longitude != null ? { lat: body.latitude, lng: body.longitude } : null;
        const destination = await resolveDestination(ctx, body.address, coordinates);
        if (!destination) throw addressNotFound();
        const quote = await quoteDelivery(ctx, destination);
        return c.json({
          deliveryFeeCents: quote.feeCents,
          zoneId: quote.zoneId,
          zoneName: quote.zoneName,
          estimatedMinutes: quote.estimatedMinutes,
          formattedDistance: quote.formattedDistance,
          // The origin is configurable (back office), so the page says where the distance starts.
          originLabel: quote.originLabel,
          // The fee's VAT band, so the page shows the VAT the order will be charged.
          deliveryFeeTaxBand: quote.feeTaxBand,
          // Whether prices hold their VAT, so the page totals the order as the server will.
          pricesIncludeVat: quote.pricesIncludeVat,
          // The zone's minimum order or small-order fee, so the cart says it before checkout does.
          smallOrder: quote.smallOrder,
        });
      })
      // The promotion the cart would get: the discount per line, or why the typed code is refused.
      .post('/promotion', valid('json', promotionPreviewSchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await previewPromotion(ctx, c.get('user')?.id ?? null, c.req.valid('json')));
      })
      // The windows checkout offers for the address's zone; they change with every order, so never cached.
      .get('/delivery-windows', valid('query', deliveryWindowsSchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        // A signed-in customer is offered her usual delivery time first.
        const user = c.get('user');
        const usual = user ? await usualWindowTime(ctx.db, user.id) : null;
        return c.json(await checkoutSlots(ctx.db, c.req.valid('query').zoneId, ctx.now(), usual));
      })
      // Collection at the shop: whether it is offered, where, and its windows (never cached either).
      .get('/pickup', async (c) => {
        c.header('Cache-Control', 'no-store');
        const pickup = await loadPickupSettings(ctx.db);
        if (!pickup.enabled) return c.json({ enabled: false as const });
        return c.json({ enabled: true as const, instructions: pickup.instructions, ...(await pickupSlots(ctx.db, ctx.now())) });
      })
      // The ways to pay checkout offers: M-Pesa Express when it is configured (for whole-shilling
      // totals), and pay on delivery where the address's zone offers it to this customer.
      .get('/payment-options', valid('query', paymentOptionsSchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        const user = c.get('user');
        const zoneId = c.req.valid('query').zoneId ?? null;
        const onDelivery = user ? await payOnDeliveryOffer(ctx.db, user.id, zoneId) : { offered: false as const, reason: '' };
        return c.json({ mpesa: ctx.integrations.mpesa !== null, mpesaPromptSeconds: ctx.env.MPESA_PROMPT_SECONDS, onDelivery });
      })
      .get('/last-delivery', async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await lastRiderDirections(ctx.db, currentUser(c).id));
      })
      .post('/orders', emailUnlessPhoneAccount, valid('json', createOrderSchema), async (c) => {
        const user = currentUser(c);
        const body = c.req.valid('json');
        const placed = await placeOrder(ctx, user.id, {
          items: body.items,
          customer: body.customerInfo,
          delivery: body.deliveryInfo ?? { address: '' },
          fulfilment: body.fulfilment,
          idempotencyKey: body.idempotencyKey,
          smsUpdates: body.smsUpdates ?? true,
          locale: requestLocale(c.req.header('cookie'), c.req.header('accept-language')),
          deliveryWindow: body.deliveryWindow,
          buyerTax: body.buyerTax,
          note: body.note,
          promotionCode: body.promotionCode,
          mpesaPhone: body.payment?.method === 'mpesa' ? requireMpesaPhone(body.payment.mpesaPhone) : undefined,
          payOnDelivery: body.payment?.method === 'on_delivery',
        });
        return c.json({
          orderId: placed.orderId,
          iframeUrl: placed.iframeUrl,
          mpesa: placed.mpesa,
          payOnDelivery: placed.payOnDelivery,
          deliveryWindowNotice: placed.deliveryWindowNotice,
          stockNotice: placed.stockNotice,
        });
      })
  );
}
