// The back office's form rules, shared by its browser forms and its API: the same zod schemas and
// the same messages on both sides (the server checks again; the browser only checks first).
// Amounts are typed in KES on the forms and travel as integer cents in ...Cents fields: a form
// schema with a price or fee turns its values into the API's body, which the API schema checks.
// Other numbers (stock, quantities, distances, minutes, coordinates) travel as JSON numbers: the API
// schemas take numbers only, and the form schemas read the typed text into the same rules.
import { PAY_ON_DELIVERY_CHOICES } from './pay-on-delivery';
import { z } from 'zod';
import { validateZones } from './delivery-fee';
import { SMALL_ORDER_RULES } from './small-order';
import { typedAmountToCents } from './money';
import { isMpesaCode, MPESA_CODE_MESSAGE, normaliseMpesaCode } from './mpesa-code';
import { TAX_BANDS } from './tax-bands';
import { kraStockType, MERCHANT_STOCK_CAUSES, STOCK_CAUSES, type MerchantStockCause } from './kra-stock-types';
import { formatStock, STOCK_LIMITS, STOCK_UNIT_MESSAGES, STOCK_UNITS, typedKgToGrams, type StockUnit } from './stock-units';
import { sanitizeText } from './validation';
import { compareAtCentsRule, compareAtFits, typedCompareAt, WAS_PRICE_MESSAGES } from './was-price-form';

// ---------------------------------------------------------------------------------------------
// Products and stock
// ---------------------------------------------------------------------------------------------

export const PRODUCT_LIMITS = { name: 120, description: 5000, searchKeywords: 500, maxPriceCents: 100_000_000, maxStock: 100_000 } as const;

const CATEGORY_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${PRODUCT_LIMITS.name} characters or fewer`,
  descriptionTooLong: `Description must be ${PRODUCT_LIMITS.description} characters or fewer`,
  searchKeywordsTooLong: `Search keywords must be ${PRODUCT_LIMITS.searchKeywords} characters or fewer`,
  category: 'Category must start with a letter and use lowercase letters, numbers or dashes (e.g. fish)',
  price: 'Price must be an amount in KES like 450 or 450.50',
  priceCents: 'Price must be a whole number of cents',
  pricePositive: 'Price must be more than 0',
  priceTooHigh: 'Price must be KES 1,000,000 or less',
  stock: 'Stock must be a whole number of 0 or more',
  stockTooHigh: 'Stock must be 100,000 or less',
  threshold: 'Low-stock threshold must be a whole number of 0 or more',
  thresholdTooHigh: 'Low-stock threshold must be 10,000 or less',
  thresholdKg: 'Low-stock threshold must be kg from 0 to 10,000 with at most 3 decimals, e.g. 2.5',
  slug: 'Web address must use lowercase letters, numbers and single dashes (e.g. tilapia-fillet), at most 80 characters',
  slugTaken: 'Another product already uses that web address',
  taxBand: 'Choose a tax band: A, B, C, D or E',
  pricedPerVariant: 'This product is priced per variant: change the prices under Options and variants',
  itemClass: "A KRA item class is a code of up to 10 digits from KRA's list, e.g. 50121500",
} as const;

/** A VAT band as the back office sends it (a product's, the delivery fee's). */
const taxBandRule = z.enum(TAX_BANDS, { error: PRODUCT_MESSAGES.taxBand });

/** A product's KRA item class (null: its category's); the server also checks that KRA's list has it. */
const itemClassRule = z
  .string({ error: PRODUCT_MESSAGES.itemClass })
  .trim()
  .regex(/^[0-9]{1,10}$/, { error: PRODUCT_MESSAGES.itemClass })
  .nullable();

/** A web address (a product's after /shop/, a post's or a page's): lowercase words joined by single dashes. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PRODUCT_SLUG_MAX = 80;

export const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(sanitizeText)
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

// No default here: an edit that leaves a field out keeps it; a new product's default is added where it is created.
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .transform(sanitizeText)
    .pipe(z.string().max(max, { error: tooLong }));

/** An amount in KES as typed ("450.50", "1,100") or a number; becomes integer cents. */
export const kesAmount = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const cents = typedAmountToCents(String(v));
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

// A plain decimal as typed ('12', '-3', '1.25'); an exponent too, as String() writes tiny numbers.
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number field's text as typed, read as a number for a rule to check: text that is not a number
 * gets the field's message, and so does an empty field unless the form gives it a meaning (whenEmpty).
 */
export const typedNumber = (message: string, whenEmpty?: number) =>
  z.string({ error: message }).transform((value, ctx) => {
    const text = value.trim();
    if (text === '' && whenEmpty !== undefined) return whenEmpty;
    if (!NUMBER_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });

/** The form's side of a number rule: the typed text, read, then checked by the API's rule. */
const fromText = (rule: z.ZodType<number, number>, message: string, whenEmpty?: number) => typedNumber(message, whenEmpty).pipe(rule);

const wholeNumber = (message: string, max: number, maxMessage: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: maxMessage });

export const priceLimits = (cents: z.ZodNumber) =>
  cents
    .int({ error: PRODUCT_MESSAGES.priceCents })
    .min(1, { error: PRODUCT_MESSAGES.pricePositive })
    .max(PRODUCT_LIMITS.maxPriceCents, { error: PRODUCT_MESSAGES.priceTooHigh });

/** The low-stock threshold's bound per stock unit: 10,000 pieces, or 10,000 kg in grams. */
export const THRESHOLD_LIMITS: Readonly<Record<StockUnit, number>> = { piece: 10_000, kg: 10_000_000 };
const thresholdRule = wholeNumber(PRODUCT_MESSAGES.threshold, THRESHOLD_LIMITS.piece, PRODUCT_MESSAGES.threshold);
/** An edit's threshold is in the product's unit (grams for stock kept in kg): the server holds it to the unit's bound. */
const editThresholdRule = wholeNumber(PRODUCT_MESSAGES.threshold, THRESHOLD_LIMITS.kg, PRODUCT_MESSAGES.thresholdTooHigh);
const LOW_STOCK_DEFAULT = 5;
export const stockRule = wholeNumber(PRODUCT_MESSAGES.stock, PRODUCT_LIMITS.maxStock, PRODUCT_MESSAGES.stockTooHigh);

// The rules of each field, without defaults: an update (PATCH) changes only the fields it sends.
const productDetailRules = {
  name: requiredText(PRODUCT_MESSAGES.nameRequired, PRODUCT_LIMITS.name, PRODUCT_MESSAGES.nameTooLong),
  description: optionalText(PRODUCT_LIMITS.description, PRODUCT_MESSAGES.descriptionTooLong),
  /** Other names shoppers search by (Kiswahili, local): 'samaki ngege'. */
  searchKeywords: optionalText(PRODUCT_LIMITS.searchKeywords, PRODUCT_MESSAGES.searchKeywordsTooLong),
  category: z
    .string({ error: PRODUCT_MESSAGES.category })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().regex(CATEGORY_PATTERN, { error: PRODUCT_MESSAGES.category })),
  published: z.boolean(),
  featured: z.boolean(),
};
/** What a new product (or the whole product form) starts with when a field is left out. */
const productDetails = {
  ...productDetailRules,
  description: productDetailRules.description.default(''),
  searchKeywords: productDetailRules.searchKeywords.default(''),
  published: productDetailRules.published.default(true),
  featured: productDetailRules.featured.default(false),
};
const productFields = {
  ...productDetails,
  lowStockThreshold: thresholdRule.default(LOW_STOCK_DEFAULT),
  priceCents: priceLimits(z.number({ error: PRODUCT_MESSAGES.priceCents })),
};

/** POST /api/admin/products (a product without a band is in the default band). */
export const createProductSchema = z.object({
  ...productFields,
  stock: stockRule.default(0),
  taxBand: taxBandRule.optional(),
  etimsItemClass: itemClassRule.optional(),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

// Stock is not editable here: it changes only through the ledger (adjustments, orders). The slug is
// made from the name when the product is created and changes only when the merchant edits it.
const productSlugField = z
  .string({ error: PRODUCT_MESSAGES.slug })
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().max(PRODUCT_SLUG_MAX, { error: PRODUCT_MESSAGES.slug }).regex(SLUG_PATTERN, { error: PRODUCT_MESSAGES.slug }));

/**
 * PATCH /api/admin/products/:id: only the fields sent change (no field has a default here). The
 * low-stock threshold is in the product's stock unit: grams for stock kept in kg.
 */
export const updateProductSchema = z
  .object({
    ...productDetailRules,
    lowStockThreshold: editThresholdRule,
    priceCents: productFields.priceCents,
    slug: productSlugField,
    taxBand: taxBandRule,
    etimsItemClass: itemClassRule,
    /** A simple product's 'was' price (its implicit variant's); null takes it away. */
    compareAtPriceCents: compareAtCentsRule,
  })
  .partial();
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

// The product form: the price as typed in KES ('450.50'), sent as priceCents. The threshold field
// is filled in (5 for a new product), so an emptied one is a mistake and gets its message.
const productFormFields = {
  ...productDetails,
  lowStockThreshold: fromText(thresholdRule, PRODUCT_MESSAGES.threshold).default(LOW_STOCK_DEFAULT),
  price: kesAmount(PRODUCT_MESSAGES.price).pipe(priceLimits(z.number())),
  taxBand: taxBandRule.optional(),
};
/** The form's KRA item class select: '' is the category's class (left out of a new product, null to clear an edited one's). */
const itemClassChoice = (whenEmpty: null | undefined) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : whenEmpty))
    .pipe(itemClassRule.optional());
const withPriceCents = <T extends { price: number }>({ price, ...rest }: T) => ({ ...rest, priceCents: price });

/** The new-product form; its output is the body of POST /api/admin/products. An empty opening stock is none. */
export const newProductFormSchema = z
  .object({
    ...productFormFields,
    etimsItemClass: itemClassChoice(undefined),
    stock: fromText(stockRule, PRODUCT_MESSAGES.stock, 0).default(0),
  })
  .transform(withPriceCents);

/** The edit form's 'was' price: more than the price typed beside it. */
const wasPriceFits = (v: { price: number; compareAtPriceCents?: number | null | undefined }) =>
  typeof v.price !== 'number' || compareAtFits(v.price, v.compareAtPriceCents ?? null);
const wasPriceIssue = { error: WAS_PRICE_MESSAGES.notMore, path: ['compareAtPrice'] };
const editFormFields = {
  ...productFormFields,
  etimsItemClass: itemClassChoice(null),
  slug: productSlugField.optional(),
  // Left out (a product with options: its variants have their own), nothing changes.
  compareAtPrice: typedCompareAt.optional(),
};
const withCompareAt = <T extends { compareAtPrice?: number | null | undefined }>({ compareAtPrice, ...rest }: T) => ({
  ...rest,
  ...(compareAtPrice !== undefined && { compareAtPriceCents: compareAtPrice }),
});

/** The edit form (the web address too); its output is the body of PATCH /api/admin/products/:id. */
export const editProductFormSchema = z
  .object(editFormFields)
  .transform(withCompareAt)
  .refine(wasPriceFits, wasPriceIssue)
  .transform(withPriceCents);

/** A threshold typed in kg ('2.5') as grams, for a product keeping its stock in kg. */
const typedKgThreshold = z.string({ error: PRODUCT_MESSAGES.thresholdKg }).transform((text, ctx) => {
  const grams = typedKgToGrams(text);
  if (grams === null || grams < 0 || grams > THRESHOLD_LIMITS.kg) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.thresholdKg });
    return z.NEVER;
  }
  return grams;
});

/** The edit form of a product counting its stock in `unit`: a threshold in kg is typed in kg and sent in grams. */
export const editProductFormSchemaFor = (unit: StockUnit) =>
  unit === 'piece'
    ? editProductFormSchema
    : z
        .object({ ...editFormFields, lowStockThreshold: typedKgThreshold })
        .transform(withCompareAt)
        .refine(wasPriceFits, wasPriceIssue)
        .transform(withPriceCents);

export const STOCK_MESSAGES = {
  kind: 'Choose restock or adjustment',
  quantity: 'Quantity must be a whole number other than 0',
  restockPositive: 'A restock adds stock: enter a positive quantity',
  changeTooLarge: 'One change can add or remove at most 100,000',
  changeTooLargeKg: 'One change can add or remove at most 100,000 kg',
  stockWouldBe: (stock: number, unit: StockUnit = 'piece') =>
    `Stock would be ${formatStock(unit, stock)}: it must be ${formatStock(unit, STOCK_LIMITS[unit])} or less`,
  reasonRequired: 'Give a reason for the change',
  reasonTooLong: 'Reason must be 200 characters or fewer',
  variantRequired: 'Choose the variant whose stock changes',
  cause: 'Choose what happened to the stock',
  causeOfKind: (kind: 'restock' | 'adjustment') =>
    kind === 'restock' ? 'A restock is a delivery or goods that came back' : 'An adjustment is a count correction or spoiled stock',
  causeDirection: (label: string, adds: boolean) =>
    `${label} cannot ${adds ? 'add' : 'take away'} stock: enter a ${adds ? 'negative' : 'positive'} quantity or choose another cause`,
} as const;

// The quantity is in the product's stock unit: pieces, or grams for stock kept in kg (the form
// reads kg as typed); its bound is the unit's, checked with the unit below.
const quantityRule = z
  .number({ error: STOCK_MESSAGES.quantity })
  .int({ error: STOCK_MESSAGES.quantity })
  .refine((n) => n !== 0, { error: STOCK_MESSAGES.quantity });

const stockFields = {
  /** The unit the quantity was entered in; a change entered in the other unit than the product's is refused. */
  unit: z.enum(STOCK_UNITS, { error: STOCK_UNIT_MESSAGES.unit }).optional(),
  /** The variant counted: required for a product with options; left out, the implicit variant. */
  variantId: z.uuid({ error: STOCK_MESSAGES.variantRequired }).optional(),
  kind: z.enum(['restock', 'adjustment'], { error: STOCK_MESSAGES.kind }),
  /** What KRA is told the change was (src/domain/kra-stock-types.ts); the kind's first cause when left out. */
  cause: z.enum(['purchase', 'returned', 'count', 'spoiled'], { error: STOCK_MESSAGES.cause }).optional(),
  reason: requiredText(STOCK_MESSAGES.reasonRequired, 200, STOCK_MESSAGES.reasonTooLong),
};
type StockValues = {
  kind: 'restock' | 'adjustment';
  cause?: MerchantStockCause | undefined;
  quantity: number;
  unit?: StockUnit | undefined;
};
const restockAddsStock = (v: StockValues) => v.kind !== 'restock' || v.quantity > 0;
const restockIssue = { error: STOCK_MESSAGES.restockPositive, path: ['quantity'] };
/** The cause is one of its kind's, and can move stock the way the quantity does (spoiled stock only goes out). */
const causeFits = (v: StockValues, ctx: z.RefinementCtx) => {
  if (Math.abs(v.quantity) > STOCK_LIMITS[v.unit ?? 'piece']) {
    const message = v.unit === 'kg' ? STOCK_MESSAGES.changeTooLargeKg : STOCK_MESSAGES.changeTooLarge;
    ctx.addIssue({ code: 'custom', message, path: ['quantity'] });
  }
  if (v.cause === undefined) return;
  if (!(MERCHANT_STOCK_CAUSES[v.kind] as readonly string[]).includes(v.cause)) {
    ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.causeOfKind(v.kind), path: ['cause'] });
  } else if (v.quantity !== 0 && kraStockType(v.cause, v.quantity) === null) {
    ctx.addIssue({
      code: 'custom',
      message: STOCK_MESSAGES.causeDirection(STOCK_CAUSES[v.cause].label, v.quantity > 0),
      path: ['quantity'],
    });
  }
};

/** POST /api/admin/products/:id/stock. */
export const stockAdjustmentSchema = z
  .object({ ...stockFields, quantity: quantityRule })
  .refine(restockAddsStock, restockIssue)
  .superRefine(causeFits);
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

/** The form's cause: '' is the kind's first (left out of the body). */
const formCause = z
  .union([z.literal(''), stockFields.cause.unwrap()])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Typed kg ('2.5', '-0.75') as whole grams, for stock kept in kg. */
const typedKgChange = z.string({ error: STOCK_UNIT_MESSAGES.kgChange }).transform((text, ctx) => {
  const grams = typedKgToGrams(text);
  if (grams === null || grams === 0) {
    ctx.addIssue({ code: 'custom', message: STOCK_UNIT_MESSAGES.kgChange });
    return z.NEVER;
  }
  return grams;
});

/**
 * The stock form of a product counting in `unit` (the quantity as typed: pieces, or kg with up to 3
 * decimals); its output is the body of POST /api/admin/products/:id/stock, the quantity in grams for kg.
 */
export const stockAdjustmentFormSchemaFor = (unit: StockUnit) =>
  z
    .object({
      ...stockFields,
      cause: formCause,
      quantity: unit === 'kg' ? typedKgChange : fromText(quantityRule, STOCK_MESSAGES.quantity),
    })
    .transform((v) => ({ ...v, unit }))
    .refine(restockAddsStock, restockIssue)
    .superRefine(causeFits);

/** The stock form of a product counted in pieces. */
export const stockAdjustmentFormSchema = stockAdjustmentFormSchemaFor('piece');

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

const CANCEL_MESSAGES = {
  reasonRequired: 'Give a reason for cancelling (the customer may see it)',
  reasonTooLong: 'Reason must be 200 characters or fewer',
} as const;

export const cancelOrderSchema = z.object({
  reason: requiredText(CANCEL_MESSAGES.reasonRequired, 200, CANCEL_MESSAGES.reasonTooLong),
});

const REFUND_PAYMENT_MESSAGES = {
  reasonRequired: 'Give a reason for the refund (it is sent to Pesapal)',
  reasonTooLong: 'Reason must be 200 characters or fewer',
} as const;

/** Refunding one payment the order does not need (paid twice, paid after a cancel). */
export const refundPaymentSchema = z.object({
  reason: requiredText(REFUND_PAYMENT_MESSAGES.reasonRequired, 200, REFUND_PAYMENT_MESSAGES.reasonTooLong),
});

const REFUND_REJECTED_MESSAGES = {
  noteRequired: "Say what Pesapal's dashboard shows (kept in the audit log)",
  noteTooLong: 'Note must be 500 characters or fewer',
} as const;

/** 'Refund was rejected': the merchant saw the rejection in Pesapal's dashboard. */
export const refundRejectedSchema = z.object({
  note: requiredText(REFUND_REJECTED_MESSAGES.noteRequired, 500, REFUND_REJECTED_MESSAGES.noteTooLong),
});

const REFUND_WITHDRAWN_MESSAGES = {
  reasonRequired: 'Say why the refund will not be paid (kept in the audit log)',
  reasonTooLong: 'Reason must be 500 characters or fewer',
} as const;

/** 'Withdraw this refund': the owner decides not to pay a refund left to be made by hand. */
export const refundWithdrawnSchema = z.object({
  reason: requiredText(REFUND_WITHDRAWN_MESSAGES.reasonRequired, 500, REFUND_WITHDRAWN_MESSAGES.reasonTooLong),
});

const PARTIAL_REFUND_FORM_MESSAGES = {
  noLines: 'Choose at least one line to refund.',
  lineId: 'That line is not part of this order.',
  amount: 'Enter an amount to refund of more than KES 0 for each line you tick.',
  amountTyped: 'Enter the amount in KES, like 95 or 95.50.',
  restock: 'The number to put back in stock must be a whole number, 0 or more.',
  reasonRequired: 'Say why you are refunding (the customer is told)',
  reasonTooLong: 'Reason must be 200 characters or fewer',
} as const;

/** 'Refund part of this order' as the API takes it: lines (null: the delivery fee) in cents, and why. */
export const partialRefundSchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: z.uuid({ error: PARTIAL_REFUND_FORM_MESSAGES.lineId }).nullable(),
        amountCents: z
          .number({ error: PARTIAL_REFUND_FORM_MESSAGES.amount })
          .int({ error: PARTIAL_REFUND_FORM_MESSAGES.amount })
          .positive({ error: PARTIAL_REFUND_FORM_MESSAGES.amount })
          .max(PRODUCT_LIMITS.maxPriceCents * 1000, { error: PARTIAL_REFUND_FORM_MESSAGES.amount }),
        restockQuantity: z
          .number({ error: PARTIAL_REFUND_FORM_MESSAGES.restock })
          .int({ error: PARTIAL_REFUND_FORM_MESSAGES.restock })
          .min(0, { error: PARTIAL_REFUND_FORM_MESSAGES.restock })
          .max(PRODUCT_LIMITS.maxStock, { error: PARTIAL_REFUND_FORM_MESSAGES.restock }),
      }),
      { error: PARTIAL_REFUND_FORM_MESSAGES.noLines },
    )
    .min(1, { error: PARTIAL_REFUND_FORM_MESSAGES.noLines })
    .max(200, { error: PARTIAL_REFUND_FORM_MESSAGES.noLines }),
  reason: requiredText(PARTIAL_REFUND_FORM_MESSAGES.reasonRequired, 200, PARTIAL_REFUND_FORM_MESSAGES.reasonTooLong),
});
export type PartialRefundBody = z.infer<typeof partialRefundSchema>;

/** 'Record the M-Pesa refund': the code of the money the owner sent by hand. */
export const manualRefundSchema = z.object({
  mpesaCode: z.string({ error: MPESA_CODE_MESSAGE }).transform(normaliseMpesaCode).refine(isMpesaCode, { error: MPESA_CODE_MESSAGE }),
});

const RESOLVE_MESSAGES = {
  noteRequired: 'Say how it was resolved (kept in the audit log)',
  noteTooLong: 'Note must be 500 characters or fewer',
} as const;

/** 'Mark resolved' on an order that needs attention. */
export const resolveAttentionSchema = z.object({
  note: requiredText(RESOLVE_MESSAGES.noteRequired, 500, RESOLVE_MESSAGES.noteTooLong),
});

// ---------------------------------------------------------------------------------------------
// Deliveries and riders
// ---------------------------------------------------------------------------------------------

const DELIVERY_FORM_MESSAGES = {
  day: 'Choose a day (YYYY-MM-DD)',
  orders: 'Choose at least one order (at most 200)',
  rider: 'Choose a rider',
  reasonRequired: 'Say why it could not be delivered',
  reasonTooLong: 'Reason must be 200 characters or fewer',
} as const;

const dayRule = z.string({ error: DELIVERY_FORM_MESSAGES.day }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: DELIVERY_FORM_MESSAGES.day });
const orderIdsRule = z
  .array(z.uuid({ error: DELIVERY_FORM_MESSAGES.orders }), { error: DELIVERY_FORM_MESSAGES.orders })
  .min(1)
  .max(200);

/** The deliveries of one Nairobi day (today when absent). */
export const deliveriesQuerySchema = z.object({ day: dayRule.optional() });

/** Packing slips or a route sheet: a day's deliveries, or only some of its orders ('orders=id,id'). */
export const deliveryPrintQuerySchema = z.object({
  day: dayRule.optional(),
  orders: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : undefined))
    .pipe(orderIdsRule.optional()),
});

/** Give orders to a rider; riderId null takes them back. */
export const assignRiderSchema = z.object({
  orderIds: orderIdsRule,
  riderId: z.string({ error: DELIVERY_FORM_MESSAGES.rider }).min(1, { error: DELIVERY_FORM_MESSAGES.rider }).max(100).nullable(),
});

/** The rider's 'Could not deliver'. */
export const notDeliveredSchema = z.object({
  reason: requiredText(DELIVERY_FORM_MESSAGES.reasonRequired, 200, DELIVERY_FORM_MESSAGES.reasonTooLong),
});

// ---------------------------------------------------------------------------------------------
// Pay on delivery: the rider at the door, and the day's cash-up
// ---------------------------------------------------------------------------------------------

export const DOOR_FORM_MESSAGES = {
  method: 'Choose how the customer paid: M-Pesa code or cash.',
  phone: 'Enter the M-Pesa number to prompt, like 0712 345 678.',
  refusedRequired: 'Say why the customer did not take the order',
  cash: 'Enter the cash handed in, in KES (0 or more).',
  noteTooLong: 'Note must be 200 characters or fewer',
} as const;

/** How the rider took the money: the code of the customer's M-Pesa payment, or cash. */
export const doorPaymentSchema = z.discriminatedUnion(
  'method',
  [z.object({ method: z.literal('cash') }), z.object({ method: z.literal('mpesa_code'), code: z.string().max(40) })],
  { error: DOOR_FORM_MESSAGES.method },
);

/** The number the rider's M-Pesa prompt goes to. */
export const doorPromptSchema = z.object({ phone: z.string({ error: DOOR_FORM_MESSAGES.phone }).max(30, DOOR_FORM_MESSAGES.phone) });

/** The code of the customer's own M-Pesa payment to the till, as the rider types it. */
export const doorCodeSchema = z.object({
  code: z.string({ error: MPESA_CODE_MESSAGE }).refine(isMpesaCode, { error: MPESA_CODE_MESSAGE }).transform(normaliseMpesaCode),
});

/** Why the order was refused at the door. */
export const refusedAtDoorSchema = z.object({
  reason: requiredText(DOOR_FORM_MESSAGES.refusedRequired, 200, DELIVERY_FORM_MESSAGES.reasonTooLong),
});

/** The cash a rider handed in for a day, as counted. */
export const cashUpSchema = z.object({
  cashReceived: kesAmount(DOOR_FORM_MESSAGES.cash).pipe(z.number().min(0, { error: DOOR_FORM_MESSAGES.cash })),
  note: optionalText(200, DOOR_FORM_MESSAGES.noteTooLong).default(''),
});

export const cashUpParamSchema = z.object({
  riderId: z.string({ error: DELIVERY_FORM_MESSAGES.rider }).min(1, DELIVERY_FORM_MESSAGES.rider).max(100, DELIVERY_FORM_MESSAGES.rider),
  day: dayRule,
});

// ---------------------------------------------------------------------------------------------
// Blog posts and pages
// ---------------------------------------------------------------------------------------------

export const CONTENT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 200 characters or fewer',
  contentTooLong: 'Content must be 100,000 characters or fewer',
  metaTooLong: 'Meta description must be 300 characters or fewer',
  slug: 'Use lowercase letters, numbers and single dashes (e.g. fresh-tilapia)',
  slugTooLong: 'Slug must be 80 characters or fewer',
} as const;

/** Empty means "make one from the title" (new) or "keep the current one" (edit). */
const slugField = z
  .string({ error: CONTENT_MESSAGES.slug })
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z.union(
      [z.literal(''), z.string().max(80, { error: CONTENT_MESSAGES.slugTooLong }).regex(SLUG_PATTERN, { error: CONTENT_MESSAGES.slug })],
      {
        error: CONTENT_MESSAGES.slug,
      },
    ),
  );

const metaDescription = z
  .string()
  .transform(sanitizeText)
  .pipe(z.string().max(300, { error: CONTENT_MESSAGES.metaTooLong }))
  .transform((s) => (s === '' ? null : s));

const contentBody = z.string().max(100_000, { error: CONTENT_MESSAGES.contentTooLong });

export const createContentSchema = z.object({
  title: requiredText(CONTENT_MESSAGES.titleRequired, 200, CONTENT_MESSAGES.titleTooLong),
  slug: slugField.optional(),
  content: contentBody.default(''),
  metaDescription: metaDescription.optional(),
  published: z.boolean().default(false),
});
export type CreateContentInput = z.infer<typeof createContentSchema>;

export const updateContentSchema = z.object({
  title: requiredText(CONTENT_MESSAGES.titleRequired, 200, CONTENT_MESSAGES.titleTooLong).optional(),
  slug: slugField.optional(),
  content: contentBody.optional(),
  metaDescription: metaDescription.optional(),
});
export type UpdateContentInput = z.infer<typeof updateContentSchema>;

// ---------------------------------------------------------------------------------------------
// Delivery zones and origin
// ---------------------------------------------------------------------------------------------

export const DELIVERY_MESSAGES = {
  zoneName: 'Zone name is required',
  zoneNameTooLong: 'Zone name must be 80 characters or fewer',
  km: 'Distances must be numbers of km from 0 to 1000 with at most 2 decimals',
  fee: 'Fees must be amounts in KES like 60 or 12.50',
  feeCents: 'Fees must be whole numbers of cents from 0 to 1,000,000,000',
  minutes: 'Estimated minutes must be a whole number from 0 to 600',
  noActiveZone: 'Keep at least one active zone, or no delivery can be priced',
  tooManyZones: 'At most 20 zones',
  lat: 'Latitude must be a number from -90 to 90',
  lng: 'Longitude must be a number from -180 to 180',
  label: 'Describe where deliveries start (e.g. Kogo Star Plaza, Nairobi West)',
  labelTooLong: 'The origin description must be 120 characters or fewer',
  previewKm: 'Enter a distance from 0 to 1000 km',
  startAtZero: (name: string) => `The nearest zone ("${name}") must start at 0 km, or nearby deliveries are priced as if farther away`,
  gap: (fromKm: number, toKm: number, name: string) =>
    `No zone covers ${fromKm}–${toKm} km: those deliveries would be priced as "${name}". Close the gap by widening a zone.`,
  smallOrderRule: 'Choose what happens below the minimum order: no minimum, refuse the order, or add a fee',
  minimumNeeded: (name: string) => `Zone "${name}": enter the minimum order in KES, or choose No minimum`,
  feeNeeded: (name: string) => `Zone "${name}": enter the small-order fee in KES, or choose Minimum order to refuse smaller orders`,
} as const;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9;

const km = z
  .number({ error: DELIVERY_MESSAGES.km })
  .min(0, { error: DELIVERY_MESSAGES.km })
  .max(1000, { error: DELIVERY_MESSAGES.km })
  .refine(twoDecimals, { error: DELIVERY_MESSAGES.km });

const MAX_FEE_CENTS = 1_000_000_000;
const feeCents = z
  .number({ error: DELIVERY_MESSAGES.feeCents })
  .int({ error: DELIVERY_MESSAGES.feeCents })
  .min(0, { error: DELIVERY_MESSAGES.feeCents })
  .max(MAX_FEE_CENTS, { error: DELIVERY_MESSAGES.feeCents });
/** A fee as typed in KES ('12.50'), in cents. */
const feeFromKes = kesAmount(DELIVERY_MESSAGES.fee).pipe(z.number().max(MAX_FEE_CENTS, { error: DELIVERY_MESSAGES.fee }));

const minutes = z
  .number({ error: DELIVERY_MESSAGES.minutes })
  .int({ error: DELIVERY_MESSAGES.minutes })
  .min(0, { error: DELIVERY_MESSAGES.minutes })
  .max(600, { error: DELIVERY_MESSAGES.minutes });

const zoneFields = {
  id: z.uuid({ error: 'Unknown zone' }).optional(),
  name: requiredText(DELIVERY_MESSAGES.zoneName, 80, DELIVERY_MESSAGES.zoneNameTooLong),
  active: z.boolean().default(true),
};

const smallOrderRule = z.enum(SMALL_ORDER_RULES, { error: DELIVERY_MESSAGES.smallOrderRule });
const payOnDeliveryRule = z.enum(PAY_ON_DELIVERY_CHOICES, { error: 'Choose who may pay on delivery in this zone' });

/** One zone as PUT /api/admin/delivery/zones takes it; left out, the zone has no minimum order. */
export const zoneSchema = z.object({
  ...zoneFields,
  minKm: km,
  maxKm: km,
  estimatedMinutes: minutes,
  baseFeeCents: feeCents,
  perKmRateCents: feeCents,
  smallOrderRule: smallOrderRule.default('none'),
  minimumOrderCents: feeCents.default(0),
  smallOrderFeeCents: feeCents.default(0),
  payOnDelivery: payOnDeliveryRule.default('off'),
});
export type ZoneInput = z.infer<typeof zoneSchema>;

/** PUT /api/admin/delivery/zones: the whole table. */
export const zonesSchema = z.object({
  zones: z.array(zoneSchema).max(20, { error: DELIVERY_MESSAGES.tooManyZones }),
});

/** An amount in KES that may be left empty (0): the minimum order and fee of a zone without one. */
const optionalFeeFromKes = z.union([z.string(), z.number()], { error: DELIVERY_MESSAGES.fee }).transform((v, ctx) => {
  const text = String(v).trim();
  const cents = text === '' ? 0 : typedAmountToCents(text);
  if (cents === null || cents > MAX_FEE_CENTS) {
    ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.fee });
    return z.NEVER;
  }
  return cents;
});

/** One row of the zones form (numbers as typed, fees in KES); its output is a zone as the API takes it. */
export const zoneFormSchema = z
  .object({
    ...zoneFields,
    minKm: fromText(km, DELIVERY_MESSAGES.km),
    maxKm: fromText(km, DELIVERY_MESSAGES.km),
    estimatedMinutes: fromText(minutes, DELIVERY_MESSAGES.minutes),
    baseFee: feeFromKes,
    perKmRate: feeFromKes,
    smallOrderRule: smallOrderRule.default('none'),
    minimumOrder: optionalFeeFromKes.default(0),
    smallOrderFee: optionalFeeFromKes.default(0),
    payOnDelivery: payOnDeliveryRule.default('off'),
  })
  .transform(({ baseFee, perKmRate, minimumOrder, smallOrderFee, ...rest }) => ({
    ...rest,
    baseFeeCents: baseFee,
    perKmRateCents: perKmRate,
    minimumOrderCents: minimumOrder,
    smallOrderFeeCents: smallOrderFee,
  }));

/** The zones form; its output is the body of PUT /api/admin/delivery/zones. */
export const zonesFormSchema = z.object({
  zones: z.array(zoneFormSchema).max(20, { error: DELIVERY_MESSAGES.tooManyZones }),
});

/** What is wrong with a whole zone table (bands that overlap or run backwards, no active zone); [] when usable. */
export function zoneTableProblems(zones: readonly ZoneInput[]): string[] {
  const problems = validateZones(
    zones.map((z, i) => ({
      id: z.id ?? `new-${i + 1}`,
      name: z.name,
      minKm: z.minKm,
      maxKm: z.maxKm,
      baseFeeCents: z.baseFeeCents,
      perKmRateCents: z.perKmRateCents,
      estimatedMinutes: z.estimatedMinutes,
      active: z.active,
    })),
  );
  if (!zones.some((z) => z.active)) problems.push(DELIVERY_MESSAGES.noActiveZone);
  for (const z of zones) {
    const name = z.name || 'new zone';
    if (z.smallOrderRule !== 'none' && z.minimumOrderCents <= 0) problems.push(DELIVERY_MESSAGES.minimumNeeded(name));
    if (z.smallOrderRule === 'fee' && z.smallOrderFeeCents <= 0) problems.push(DELIVERY_MESSAGES.feeNeeded(name));
  }
  if (problems.length === 0) problems.push(...zoneGaps(zones));
  return problems;
}

/**
 * Active bands must run on from 0 km without a gap: checkout prices a distance in a gap with the
 * next band up, so removing a middle zone would silently raise those deliveries' fees.
 */
function zoneGaps(zones: readonly ZoneInput[]): string[] {
  const bands = zones.filter((z) => z.active).sort((a, b) => a.minKm - b.minKm);
  const first = bands[0];
  const gaps: string[] = first && first.minKm > 0 ? [DELIVERY_MESSAGES.startAtZero(first.name)] : [];
  for (let i = 1; i < bands.length; i += 1) {
    const before = bands[i - 1]!;
    const after = bands[i]!;
    if (after.minKm > before.maxKm) gaps.push(DELIVERY_MESSAGES.gap(before.maxKm, after.minKm, after.name));
  }
  return gaps;
}

/** The fee preview's distance, typed as text ('7.5'). */
export const feePreviewSchema = z.object({
  km: z
    .string({ error: DELIVERY_MESSAGES.previewKm })
    .trim()
    .regex(/^\d{1,4}(?:\.\d+)?$/, { error: DELIVERY_MESSAGES.previewKm })
    .transform(Number)
    .pipe(z.number().max(1000, { error: DELIVERY_MESSAGES.previewKm })),
});

const coordinate = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
const latitude = coordinate(-90, 90, DELIVERY_MESSAGES.lat);
const longitude = coordinate(-180, 180, DELIVERY_MESSAGES.lng);
const originLabel = requiredText(DELIVERY_MESSAGES.label, 120, DELIVERY_MESSAGES.labelTooLong);

/** PUT /api/admin/delivery/fee-tax-band: the delivery fee's VAT band. */
export const deliveryFeeTaxBandSchema = z.object({ band: taxBandRule });

/** PUT /api/admin/delivery/origin. */
export const originSchema = z.object({ lat: latitude, lng: longitude, label: originLabel });
export type OriginInput = z.infer<typeof originSchema>;

/** The origin form (coordinates as typed); its output is the body of PUT /api/admin/delivery/origin. */
export const originFormSchema = z.object({
  lat: fromText(latitude, DELIVERY_MESSAGES.lat),
  lng: fromText(longitude, DELIVERY_MESSAGES.lng),
  label: originLabel,
});

// ---------------------------------------------------------------------------------------------
// Image uploads (products, blog posts)
// ---------------------------------------------------------------------------------------------

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  missing: 'Choose an image to upload.',
  tooLarge: 'Images must be 5 MB or smaller.',
  notImage: 'Only image files (JPEG, PNG, WebP, GIF…) can be uploaded.',
  unreadable: 'This file could not be read as an image.',
} as const;

/** The problem with a chosen file before it is sent, or null (the server decodes it to be sure). */
export function imageFileProblem(file: { size: number; type: string } | null | undefined): string | null {
  if (!file || file.size === 0) return IMAGE_MESSAGES.missing;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notImage;
  return null;
}
