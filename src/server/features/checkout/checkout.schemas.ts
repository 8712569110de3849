// Request bodies of /api/checkout. Only what the server needs is read: z.object drops every other
// key, so a price, total, fee or user id sent by a browser never reaches the services.
import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@/domain/cart';
import { riderDirectionsSchema } from '@/domain/rider-directions';
import { PICKUP_MESSAGES } from '@/domain/pickup';
import { MPESA_MESSAGES } from '@/domain/mpesa-express';
import { ifUnavailableSchema, lineNoteSchema, orderNoteSchema } from '@/domain/line-choices';
import {
  buyerTaxSchema,
  MESSAGES,
  checkoutCustomerSchema,
  phoneCustomerCheckoutSchema,
  pickupCustomerCheckoutSchema,
  pickupPhoneCustomerCheckoutSchema,
  plainLineText,
  SMS_UPDATES_CHOICE_MESSAGE,
  TEXT_LIMITS,
} from '@/domain/validation';

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

const coordinates = z.object(
  {
    lat: z.number({ error: 'Latitude must be a number.' }).min(-90).max(90),
    lng: z.number({ error: 'Longitude must be a number.' }).min(-180).max(180),
  },
  { error: 'Coordinates must be { lat, lng }.' },
);

export const autocompleteSchema = z.object({
  input: z.string({ error: 'Type part of an address.' }).max(200, 'The address text is too long.'),
  sessionToken: z.string().max(100).optional(),
});

export const placeDetailsSchema = z.object({
  placeId: z.string({ error: 'A place is required.' }).trim().min(1, 'A place is required.').max(300),
  sessionToken: z.string().max(100).optional(),
});

export const deliveryFeeSchema = z
  .object({
    address: z.string({ error: MESSAGES.addressRequired }).trim().max(TEXT_LIMITS.address, MESSAGES.addressTooLong),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  })
  .refine((v) => (v.latitude == null) === (v.longitude == null), {
    error: 'Send both latitude and longitude, or neither.',
    path: ['latitude'],
  })
  .refine((v) => v.address !== '' || v.latitude != null, { error: MESSAGES.addressRequired, path: ['address'] });

/** Checkout's contact details; the email is optional for an account made by phone without one, the address for a pick-up. */
function customerInfo(emailOptional: boolean, pickup = false) {
  return z
    .object(
      {
        fullName: z.string().optional(),
        email: z.string().optional(),
        phone: z.string().optional(),
        address: z.string().optional(),
      },
      { error: MESSAGES.checkoutRequired },
    )
    .transform((v) => ({ fullName: v.fullName ?? '', email: v.email ?? '', phone: v.phone ?? '', address: v.address ?? '' }))
    .pipe(
      pickup
        ? emailOptional
          ? pickupPhoneCustomerCheckoutSchema
          : pickupCustomerCheckoutSchema
        : emailOptional
          ? phoneCustomerCheckoutSchema
          : checkoutCustomerSchema,
    );
}

const PROMOTION_CODE_MESSAGE = 'We do not know this code.';
const promotionCodeField = z.string({ error: PROMOTION_CODE_MESSAGE }).max(40, PROMOTION_CODE_MESSAGE).optional();

const WINDOW_CHOICE_MESSAGE = 'Choose a delivery window.';
const deliveryWindowChoice = z.object(
  {
    windowId: z.uuid({ error: WINDOW_CHOICE_MESSAGE }),
    date: z.string({ error: WINDOW_CHOICE_MESSAGE }).regex(/^\d{4}-\d{2}-\d{2}$/, WINDOW_CHOICE_MESSAGE),
    /** The customer picked it herself: its time of day becomes her usual delivery time. */
    picked: z.boolean({ error: WINDOW_CHOICE_MESSAGE }).optional(),
  },
  { error: WINDOW_CHOICE_MESSAGE },
);

export const deliveryWindowsSchema = z.object({ zoneId: z.uuid({ error: 'Choose a delivery zone.' }) });
/** The address's zone, when checkout knows it: whether pay on delivery is offered there. */
export const paymentOptionsSchema = z.object({ zoneId: z.uuid({ error: 'Choose a delivery zone.' }).optional() });

/** The promotion checkout would apply to these lines: a typed code, or the best automatic offer. */
export const promotionPreviewSchema = z.object({
  promotionCode: promotionCodeField,
  items: z
    .array(
      z.object({
        productId: z.uuid({ error: 'One of the products in your cart is no longer available.' }),
        variantId: z.uuid({ error: 'One of the products in your cart is no longer available.' }).optional(),
        quantity: z
          .number({ error: QUANTITY_MESSAGE })
          .int(QUANTITY_MESSAGE)
          .min(1, QUANTITY_MESSAGE)
          .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
      }),
      { error: 'Your cart is empty.' },
    )
    .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} different products.`),
  /** The delivery fee quoted, so a free-delivery offer is weighed against the others. */
  deliveryFeeCents: z.number().int().min(0).nullish(),
});

function orderFields(emailOptional: boolean) {
  return {
    items: z
      .array(
        z.object({
          productId: z.uuid({ error: 'One of the products in your cart is no longer available.' }),
          /** The chosen option combination; left out for a product without options. */
          variantId: z.uuid({ error: 'One of the products in your cart is no longer available.' }).optional(),
          quantity: z
            .number({ error: QUANTITY_MESSAGE })
            .int(QUANTITY_MESSAGE)
            .min(1, QUANTITY_MESSAGE)
            .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
          /** What the shop does if it has run out when packing; left out, the shop's usual choice. */
          ifUnavailable: ifUnavailableSchema.optional(),
          /** A short plain-text note for this line ('no head'). */
          note: lineNoteSchema,
        }),
        { error: 'Your cart is empty.' },
      )
      .min(1, 'Your cart is empty.')
      .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} different products.`),
    customerInfo: customerInfo(emailOptional),
    deliveryInfo: z.object(
      {
        // Shown to the merchant and the rider and printed on their sheets: one line of plain text.
        address: z
          .string({ error: MESSAGES.checkoutRequired })
          .transform(plainLineText)
          .pipe(z.string().min(1, MESSAGES.checkoutRequired).max(TEXT_LIMITS.address, MESSAGES.addressTooLong)),
        coordinates: coordinates.nullish(),
        /** From /places/details: without it the coordinates are not believed (see place-token.ts). */
        placeToken: z.string().max(200).nullish(),
        /** Optional plain text for the rider, kept on the order. */
        building: riderDirectionsSchema.shape.building,
        directions: riderDirectionsSchema.shape.directions,
      },
      { error: MESSAGES.checkoutRequired },
    ),
    /** A business buyer's KRA PIN and business name for the tax invoice; left out, the profile's are used. */
    buyerTax: buyerTaxSchema.optional(),
    /** The delivery window chosen at checkout; left out, the soonest one with a place. */
    deliveryWindow: deliveryWindowChoice.nullish(),
    /** A plain-text note for the shop about the whole order. */
    note: orderNoteSchema,
    /** 'Send me SMS updates' about this order; on unless the customer turned it off. */
    smsUpdates: z.boolean({ error: SMS_UPDATES_CHOICE_MESSAGE }).optional(),
    /** The promotion code typed at checkout; left out or '', the best automatic offer applies. */
    promotionCode: promotionCodeField,
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The idempotency key must be 8 to 100 letters, digits, "-" or "_".')
      .optional(),
    /** How the customer pays: Pesapal's page (the default), an M-Pesa Express prompt to this number, or the rider on delivery. */
    payment: paymentChoice.optional(),
  };
}

const PAYMENT_CHOICE_MESSAGE = 'Choose how to pay.';
const paymentChoice = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('pesapal') }),
    z.object({ method: z.literal('mpesa'), mpesaPhone: z.string({ error: MPESA_MESSAGES.badPhone }).max(30, MPESA_MESSAGES.badPhone) }),
    z.object({ method: z.literal('on_delivery') }),
  ],
  { error: PAYMENT_CHOICE_MESSAGE },
);

const FULFILMENT_MESSAGE = 'Choose delivery or pick-up at the shop.';

/**
 * Delivered (the default, so older pages keep working) or collected at the shop. A pick-up order
 * takes no delivery details at all: an address sent with it is refused, never kept.
 */
function orderSchema(emailOptional: boolean) {
  const fields = orderFields(emailOptional);
  const delivery = z.object({ ...fields, fulfilment: z.literal('delivery', { error: FULFILMENT_MESSAGE }) });
  const pickup = z.object({
    ...fields,
    fulfilment: z.literal('pickup', { error: FULFILMENT_MESSAGE }),
    customerInfo: customerInfo(emailOptional, true),
    deliveryInfo: z.null({ error: PICKUP_MESSAGES.withAddress }).optional(),
  });
  return z.preprocess(
    (body) => (body && typeof body === 'object' && !('fulfilment' in body) ? { ...body, fulfilment: 'delivery' } : body),
    z.discriminatedUnion('fulfilment', [delivery, pickup], { error: FULFILMENT_MESSAGE }),
  );
}

/** An order as an account made by phone without an email places it: the email may be left empty. */
export const createOrderSchema = orderSchema(true);
/** An order of any other account: every contact field, the email too (the route checks this first). */
export const createOrderWithEmailSchema = orderSchema(false);
