// Placing an order and starting its Pesapal payment, done right:
// 1. the delivery point is priced by the server (delivery-quote.service): the picked place's point
//    when this server vouched for it (place-token.ts), else the address text geocoded here (text
//    naming several places is refused with the places to choose from, never priced by a guess);
//    an order collected at the shop has no address, zone or fee at all (pickupTerms);
// 2. ONE database transaction reads prices and VAT bands from products (published, not archived),
//    computes subtotal, VAT per band, fee and total with src/domain (refusing an order below its
//    zone's minimum, or adding the zone's small-order fee: small-order.ts), inserts the pending order with
//    its price and band snapshot and lines, and so reserves the stock (the 'placed' event's effect in
//    order-transitions.ts; conditional decrements: no oversell);
// 3. outside that transaction, the payment attempt claimed with the order is sent to Pesapal.
// An idempotency key (unique per user) turns a double click into the same order and payment page.
import { and, count, eq, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import { isDeletedAccount } from '@/domain/account-deletion';
import type { Locale } from '@/domain/locale';
import type { LatLng } from '@/domain/delivery-fee';
import { multiplyCents } from '@/domain/money';
import { deliveryPlaceName, NO_SMALL_ORDER_POLICY, totalsWithSmallOrder, type SmallOrderPolicy } from '@/domain/small-order';
import { TAX_BAND_RATE_BP } from '@/domain/tax-bands';
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import type { CheckoutCustomerValues } from '@/domain/validation';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, orderTaxBands, paymentNotifications, products, productVariants, profiles, user } from '../../db/schema';
import { variantNames } from '../inventory/variant-names';
import { lineName } from '@/domain/product-variants';
import { rememberCheckoutDetails, saveBuyerTax, saveSmsChoice } from '../account/account.service';
import { recordConsent } from '../consents/consents.service';
import { aboutOrder, badRequest, DomainError, tooManyRequests } from '../../errors';
import { claimAttempt, startPaymentAttempt, submitAttempt, type AttemptClaim } from '../payments/payment-attempt.service';
import { mpesaPromptFor, pushMpesaPrompt, type MpesaPrompt } from '../payments/mpesa/mpesa-attempt.service';
import { MPESA_MESSAGES, mpesaAmountShillings } from '@/domain/mpesa-express';
import { RESERVATION_MINUTES } from '../payments/order-outcomes';
import { insertPlacedOrder } from '../orders/order-transitions';
import { MAX_LINE_QUANTITY } from '@/domain/cart';
import { addressNotFound, loadDeliveryFeeTaxBand, quoteDelivery, resolveDestination } from '../delivery/delivery-quote.service';
import type { DeliveryQuote } from '../delivery/delivery-quote.service';
import { holdDeliveryWindow, holdPickupWindow, windowNotice } from '../delivery/delivery-slots.service';
import { loadPickupSettings } from '../delivery/pickup-settings.service';
import { loadPricesIncludeVat } from '../pricing/vat-mode.service';
import { PICKUP_MESSAGES } from '@/domain/pickup';
import type { FulfilmentMethod } from '@/domain/order-status';
import type { TaxBand } from '@/domain/tax-bands';
import type { Cents } from '@/domain/money';
import { vouchedPoint } from './places.service';
import { findWaitingOrder, orderAwaitingPayment } from './waiting-order';
import { stockNotice } from './unheld-stock';
import { confirmUnpaid, requirePayOnDelivery } from './pay-on-delivery.service';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import type { IfUnavailable } from '@/domain/line-choices';
import { loadIfUnavailableDefault } from '../content/if-unavailable-default.service';
import { choosePromotion, promotionRefused, recordRedemption } from '../promotions/promotion-pricing.service';

export interface PlaceOrderInput {
  /** variantId: the chosen option combination; left out, the product's implicit variant. */
  /** ifUnavailable and note: the customer's choice and note for the line (src/domain/line-choices.ts). */
  items: readonly {
    productId: string;
    variantId?: string | undefined;
    quantity: number;
    ifUnavailable?: IfUnavailable | undefined;
    note?: string | undefined;
  }[];
  customer: CheckoutCustomerValues;
  /** building and directions: sanitised text for the rider, '' when not given. */
  delivery: { address: string; coordinates?: LatLng | null; placeToken?: string | null; building?: string; directions?: string };
  /** Brought to the address (the default), or collected at the shop: then `delivery` is not read. */
  fulfilment?: FulfilmentMethod;
  idempotencyKey?: string;
  /** The delivery window chosen at checkout; left out, the soonest one with a place. */
  /** picked: the customer chose it herself (not the window offered first): its time becomes her usual one. */
  deliveryWindow?: { windowId: string; date: string; picked?: boolean } | null;
  /** 'Send me SMS updates' as ticked at checkout. */
  smsUpdates?: boolean;
  /** The KRA PIN and business name typed at checkout (remembered on the profile); left out, the profile's. */
  buyerTax?: BuyerTaxDetails;
  /** The customer's plain-text note for the shop; '' or left out for none. */
  note?: string;
  /** The promotion code typed at checkout; left out or '', the best automatic offer (if any). */
  promotionCode?: string | undefined;
  /** An M-Pesa Express prompt to this number (2547XXXXXXXX) instead of Pesapal's page. */
  mpesaPhone?: string | undefined;
  /** Paid to the rider at the door: the order is confirmed without payment (when its zone offers it). */
  payOnDelivery?: boolean;
  /** The language she shopped in: her SMS and mail about this order are in it (English when left out). */
  locale?: Locale;
}

export interface PlacedOrder {
  orderId: string;
  /** Pesapal's page, when paid there. */
  iframeUrl: string | null;
  /** The M-Pesa prompt sent, when paid by M-Pesa Express. */
  mpesa: MpesaPrompt | null;
  /** Confirmed to be paid on delivery: no payment now. */
  payOnDelivery: boolean;
  /** Said when the order's delivery window is the customer's only once they pay. */
  deliveryWindowNotice: string | null;
  /** Said when some of the order's lines hold no stock: the last units go to whoever pays first. */
  stockNotice: string | null;
}

const ACCOUNT_DELETED = 'This account has been deleted. Please sign in again to order.';

const UNAVAILABLE = 'One of the products in your cart is no longer available. Please review your cart.';

/**
 * Unpaid orders one customer may have at once. Each holds its stock for RESERVATION_MINUTES, so
 * without a cap one account could keep a product "Out of Stock" for everyone without paying.
 */
export const MAX_UNPAID_ORDERS = 5;
export const TOO_MANY_UNPAID = `You already have ${MAX_UNPAID_ORDERS} unpaid orders. Please pay one of them from My Orders, or wait up to ${RESERVATION_MINUTES} minutes for them to lapse, before placing another.`;

export async function placeOrder(ctx: ServerContext, userId: string, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (input.mpesaPhone !== undefined && !ctx.integrations.mpesa) throw new DomainError('unprocessable', 'MPESA_OFF', MPESA_MESSAGES.off);
  if (input.idempotencyKey) {
    const existing = await findByIdempotencyKey(ctx, userId, input.idempotencyKey);
    if (existing) return payFor(ctx, existing, input.mpesaPhone);
  }
  const payOnDelivery = input.payOnDelivery === true && input.mpesaPhone === undefined;
  // A line ordered without a choice takes the shop's usual one.
  const lines = mergeLines(input.items, await loadIfUnavailableDefault(ctx.db));
  const terms = input.fulfilment === 'pickup' ? await pickupTerms(ctx) : await deliveryTerms(ctx, input.delivery);
  const placed = await ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    // Confirmed at once, an order to pay on delivery holds its stock and window like a paid one.
    const inserted = await insertPendingOrder(tx, at, userId, { ...input, payOnDelivery }, lines, terms, {
      window: payOnDelivery ? 100 : ctx.env.UNPAID_WINDOW_SHARE,
      stock: payOnDelivery ? 100 : ctx.env.UNPAID_STOCK_SHARE,
    });
    if (!inserted || !payOnDelivery) return { inserted, update: null };
    return { inserted, update: await confirmUnpaid(ctx, tx, inserted.orderId, at) };
  });
  const claim = placed.inserted;
  if (claim === null) {
    // A concurrent request with the same key won the insert: answer with its order.
    const existing = input.idempotencyKey ? await findByIdempotencyKey(ctx, userId, input.idempotencyKey) : null;
    if (!existing) throw new Error('idempotent order vanished');
    return payFor(ctx, existing, input.mpesaPhone);
  }
  if (!('id' in claim)) {
    await deliverOrderUpdate(ctx, placed.update);
    return withCheckoutErrors(ctx, claim.orderId, async () => ({ iframeUrl: null, mpesa: null, payOnDelivery: true }));
  }
  const newClaim = claim;
  if (input.mpesaPhone !== undefined)
    return withCheckoutErrors(ctx, claim.orderId, async () => ({
      iframeUrl: null,
      mpesa: await pushMpesaPrompt(ctx, newClaim),
      payOnDelivery: false,
    }));
  return withCheckoutErrors(ctx, claim.orderId, async () => ({
    iframeUrl: (await submitAttempt(ctx, newClaim)).iframeUrl,
    mpesa: null,
    payOnDelivery: false,
  }));
}

/** How the order reaches the customer, and what that costs, as the server decides it. */
interface OrderTerms {
  method: FulfilmentMethod;
  feeCents: Cents;
  feeTaxBand: TaxBand;
  pricesIncludeVat: boolean;
  smallOrder: SmallOrderPolicy;
  zoneId: string | null;
  zoneName: string | null;
  destination: LatLng | null;
  distanceKm: number | null;
  estimatedMinutes: number | null;
  address: string;
  building: string | null;
  directions: string | null;
}

/** Delivery: the point priced by the server (the picked place's when vouched for, else the text geocoded). */
async function deliveryTerms(ctx: ServerContext, delivery: PlaceOrderInput['delivery']): Promise<OrderTerms> {
  const { address, coordinates, placeToken } = delivery;
  const vouched = vouchedPoint(ctx, address, coordinates, placeToken);
  const destination = await resolveDestination(ctx, address, vouched, 'deliveryInfo.address');
  if (!destination) throw addressNotFound();
  const quote: DeliveryQuote = await quoteDelivery(ctx, destination, 'deliveryInfo.address');
  return {
    method: 'delivery',
    feeCents: quote.feeCents,
    feeTaxBand: quote.feeTaxBand,
    pricesIncludeVat: quote.pricesIncludeVat,
    smallOrder: quote.smallOrder,
    zoneId: quote.zoneId,
    zoneName: quote.zoneName,
    destination,
    distanceKm: quote.distanceKm,
    estimatedMinutes: quote.estimatedMinutes,
    address: delivery.address,
    building: delivery.building || null,
    directions: delivery.directions || null,
  };
}

/**
 * Collection at the shop, when the owner offers it: no address, no zone, no delivery fee, and no
 * small-order rule (that rule pays for a rider's trip; nobody rides for a pick-up).
 */
async function pickupTerms(ctx: ServerContext): Promise<OrderTerms> {
  const [pickup, feeTaxBand, pricesIncludeVat] = await Promise.all([
    loadPickupSettings(ctx.db),
    loadDeliveryFeeTaxBand(ctx.db),
    loadPricesIncludeVat(ctx.db),
  ]);
  if (!pickup.enabled)
    throw new DomainError('unprocessable', 'PICKUP_OFF', PICKUP_MESSAGES.off, { fields: { fulfilment: PICKUP_MESSAGES.off } });
  return {
    method: 'pickup',
    feeCents: 0,
    feeTaxBand,
    pricesIncludeVat,
    smallOrder: NO_SMALL_ORDER_POLICY,
    zoneId: null,
    zoneName: null,
    destination: null,
    distanceKm: null,
    estimatedMinutes: null,
    address: '',
    building: null,
    directions: null,
  };
}

/**
 * An existing order (same idempotency key): its open payment page or prompt, or a new attempt; one
 * confirmed to be paid on delivery is answered as it is (a double tap never opens a payment for it).
 */
async function payFor(ctx: ServerContext, orderId: string, mpesaPhone: string | undefined): Promise<PlacedOrder> {
  const [order] = await ctx.db.select({ payOnDelivery: orders.payOnDelivery }).from(orders).where(eq(orders.id, orderId));
  if (order?.payOnDelivery) return withCheckoutErrors(ctx, orderId, async () => ({ iframeUrl: null, mpesa: null, payOnDelivery: true }));
  if (mpesaPhone !== undefined)
    return withCheckoutErrors(ctx, orderId, async () => ({
      iframeUrl: null,
      mpesa: await mpesaPromptFor(ctx, orderId, mpesaPhone),
      payOnDelivery: false,
    }));
  return withCheckoutErrors(ctx, orderId, async () => ({
    iframeUrl: (await startPaymentAttempt(ctx, orderId, { reuseOpenAttempt: true })).iframeUrl,
    mpesa: null,
    payOnDelivery: false,
  }));
}

/** A payment that cannot start is told with the order's id: the order exists, and the page may show or pay it. */
async function withCheckoutErrors(
  ctx: ServerContext,
  orderId: string,
  pay: () => Promise<Pick<PlacedOrder, 'iframeUrl' | 'mpesa' | 'payOnDelivery'>>,
): Promise<PlacedOrder> {
  try {
    const payment = await pay();
    const [deliveryWindowNotice, unheldNotice] = await Promise.all([windowNotice(ctx.db, orderId), stockNotice(ctx.db, orderId)]);
    return { orderId, ...payment, deliveryWindowNotice, stockNotice: unheldNotice };
  } catch (err) {
    throw err instanceof DomainError ? aboutOrder(err, orderId) : err;
  }
}

async function findByIdempotencyKey(ctx: ServerContext, userId: string, key: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row?.id ?? null;
}

interface WantedLine {
  productId: string;
  variantId: string | null;
  quantity: number;
  ifUnavailable: IfUnavailable;
  note: string;
}

function checkLineQuantities(quantities: Iterable<number>): void {
  for (const quantity of quantities) {
    if (quantity > MAX_LINE_QUANTITY) {
      const message = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
      throw badRequest(message, { items: message });
    }
  }
}

/** One line per product and variant (one listed twice is summed), each 1..99 units. */
function mergeLines(items: PlaceOrderInput['items'], shopDefault: IfUnavailable): WantedLine[] {
  const lines = new Map<string, WantedLine>();
  for (const item of items) {
    const variantId = item.variantId?.toLowerCase() ?? null;
    const key = `${item.productId.toLowerCase()}/${variantId ?? ''}`;
    const line = lines.get(key) ?? {
      productId: item.productId.toLowerCase(),
      variantId,
      quantity: 0,
      ifUnavailable: shopDefault,
      note: '',
    };
    line.quantity += item.quantity;
    // Listed twice: the later choice and note stand (a note is never lost for an empty one).
    if (item.ifUnavailable) line.ifUnavailable = item.ifUnavailable;
    if (item.note) line.note = item.note;
    lines.set(key, line);
  }
  checkLineQuantities([...lines.values()].map((l) => l.quantity));
  return [...lines.values()];
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

interface PricedLine {
  product: ProductRow;
  variant: VariantRow;
  /** The line's whole name: 'Tilapia — Large, Filleted', or the product's name without options. */
  name: string;
  variantName: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  ifUnavailable: IfUnavailable;
  note: string;
  /** The variant's nominal weight when its product is sold by the kilo (weighed when packed); else null. */
  nominalGrams: number | null;
}

/**
 * Prices each line from the database: its variant (the named one, or the implicit one of a product
 * without options), which must be enabled and belong to a published product. A product with
 * options needs its variant named.
 */
async function priceLines(tx: Tx, wanted: readonly WantedLine[]): Promise<PricedLine[]> {
  const productIds = [...new Set(wanted.map((l) => l.productId))];
  const rows = await tx.select().from(products).where(inArray(products.id, productIds));
  const variants = await tx.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  const names = await variantNames(tx, variants);
  const merged = new Map<string, PricedLine>();
  for (const line of wanted) {
    const product = rows.find((p) => p.id === line.productId);
    if (!product || !product.published || product.archivedAt) {
      const message = product ? `${product.name} is no longer available. Please remove it from your cart.` : UNAVAILABLE;
      throw new DomainError('conflict', 'PRODUCT_UNAVAILABLE', message);
    }
    const variant = variants.find((v) =>
      line.variantId === null
        ? v.productId === product.id && v.optionValueIds.length === 0
        : v.id === line.variantId && v.productId === product.id,
    );
    if (!variant || !variant.enabled) {
      const message =
        line.variantId === null
          ? `Choose the options of ${product.name} on its page before adding it to your cart.`
          : `This choice of ${product.name} is no longer available. Please remove it from your cart.`;
      throw new DomainError('conflict', 'PRODUCT_UNAVAILABLE', message);
    }
    const variantName = names.get(variant.id) ?? '';
    const earlier = merged.get(variant.id);
    const quantity = (earlier?.quantity ?? 0) + line.quantity;
    merged.set(variant.id, {
      product,
      variant,
      name: lineName(product.name, variantName),
      variantName,
      quantity,
      unitPriceCents: variant.price,
      lineTotalCents: multiplyCents(variant.price, quantity),
      ifUnavailable: line.ifUnavailable,
      note: line.note || earlier?.note || '',
      nominalGrams: product.pricePerKg !== null ? variant.weightGrams : null,
    });
  }
  checkLineQuantities([...merged.values()].map((l) => l.quantity));
  return [...merged.values()];
}

/**
 * Returns the new order's first payment attempt (claimed), or just its id for an order to pay on
 * delivery (no attempt), or null when the user's idempotency key is already taken.
 */
async function insertPendingOrder(
  tx: Tx,
  at: Date,
  userId: string,
  input: PlaceOrderInput,
  lines: readonly WantedLine[],
  quote: OrderTerms,
  unpaidShare: { window: number; stock: number },
): Promise<AttemptClaim | { orderId: string } | null> {
  // The customer's row lock makes the count and the insert one step, so parallel requests cannot
  // slip past the cap.
  const [customer] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).for('update');
  // An order already on its way in when she deleted her account (the deletion holds the same lock)
  // is not placed for the account that is no longer hers.
  if (!customer || isDeletedAccount(userId, customer.email)) throw new DomainError('conflict', 'ACCOUNT_DELETED', ACCOUNT_DELETED);
  const notifiedByPesapal = tx
    .select({ one: sql`1` })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.source, 'ipn'), eq(paymentNotifications.trackingId, orders.pesapalTransactionId)));
  const [unpaid] = await tx
    .select({ n: count() })
    .from(orders)
    // A failed order still holding its reservation (it can be paid again) counts as unpaid too. A
    // pending order Pesapal has already notified us about is being confirmed (most likely paid):
    // it does not count, so a late confirmation never stops a customer who paid from ordering.
    .where(
      and(
        eq(orders.userId, userId),
        or(
          and(eq(orders.status, 'pending'), notExists(notifiedByPesapal)),
          and(eq(orders.status, 'failed'), isNotNull(orders.reservationExpiresAt)),
        ),
      ),
    );
  if ((unpaid?.n ?? 0) >= MAX_UNPAID_ORDERS) throw tooManyRequests('TOO_MANY_UNPAID', TOO_MANY_UNPAID);
  if (input.payOnDelivery) await requirePayOnDelivery(tx, userId, quote.zoneId);
  const priced = await priceLines(tx, lines);
  const waiting = await findWaitingOrder(tx, userId, new Map(priced.map((l) => [l.variant.id, l.quantity])), at);
  if (waiting) throw orderAwaitingPayment(waiting);
  // The invoice's buyer: as typed at checkout, else as the profile keeps it.
  const [profile] = input.buyerTax
    ? []
    : await tx.select({ kraPin: profiles.kraPin, businessName: profiles.businessName }).from(profiles).where(eq(profiles.id, userId));
  const buyerKraPin = (input.buyerTax ? input.buyerTax.kraPin : profile?.kraPin) || null;
  const buyerBusinessName = (input.buyerTax ? input.buyerTax.businessName : profile?.businessName) || null;
  // The promotion's row is locked here, before its uses are counted, and its use written below.
  const { applied, refusal } = await choosePromotion(
    tx,
    {
      code: input.promotionCode,
      userId,
      lines: priced.map((l) => ({
        productId: l.product.id,
        variantId: l.variant.id,
        category: l.product.category,
        amountCents: l.lineTotalCents,
      })),
      at,
      pricesIncludeVat: quote.pricesIncludeVat,
      deliveryFeeCents: quote.feeCents,
    },
    true,
  );
  if (refusal) throw promotionRefused(refusal);
  const lineDiscounts = applied?.discount.lineDiscountsCents ?? priced.map(() => 0);
  const { totals, smallOrder } = totalsWithSmallOrder(
    {
      lines: priced.map((l, i) => ({
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        taxBand: l.product.taxBand,
        discountCents: lineDiscounts[i] ?? 0,
      })),
      waiveDeliveryFee: applied?.discount.freeDelivery ?? false,
      deliveryFeeCents: quote.feeCents,
      deliveryFeeTaxBand: quote.feeTaxBand,
      pricesIncludeVat: quote.pricesIncludeVat,
    },
    quote.smallOrder,
    deliveryPlaceName(quote.address),
  );
  // M-Pesa moves whole shillings: a total with cents is refused before anything is held for it.
  if (input.mpesaPhone !== undefined && mpesaAmountShillings(totals.totalCents) === null) {
    throw new DomainError('unprocessable', 'MPESA_NOT_WHOLE_SHILLINGS', MPESA_MESSAGES.notWholeShillings, {
      fields: { payment: MPESA_MESSAGES.notWholeShillings },
    });
  }
  // Below the zone's minimum the order is refused, before anything is held for it.
  if (smallOrder.kind === 'below_minimum') {
    throw new DomainError('unprocessable', 'BELOW_MINIMUM_ORDER', smallOrder.message, { fields: { items: smallOrder.message } });
  }
  const order = await insertPlacedOrder(tx, {
    values: {
      userId,
      subtotal: totals.subtotalCents,
      vat: totals.vatCents,
      deliveryFee: totals.deliveryFeeCents ?? 0,
      deliveryFeeTaxBand: totals.deliveryFeeTaxBand,
      deliveryFeeTaxRateBp: TAX_BAND_RATE_BP[totals.deliveryFeeTaxBand],
      smallOrderFee: totals.smallOrderFeeCents,
      discountTotal: totals.discountCents,
      promotionCode: applied?.promotion.code ?? null,
      promotionName: applied ? applied.promotion.name : null,
      totalAmount: totals.totalCents,
      pricesIncludeVat: quote.pricesIncludeVat,
      currency: 'KES',
      customerName: input.customer.fullName,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone,
      fulfilmentMethod: quote.method,
      deliveryAddress: quote.address,
      deliveryBuilding: quote.building,
      deliveryDirections: quote.directions,
      customerNote: input.note ?? '',
      deliveryLatitude: quote.destination?.lat ?? null,
      deliveryLongitude: quote.destination?.lng ?? null,
      deliveryDistanceKm: quote.distanceKm?.toFixed(2) ?? null,
      deliveryZoneId: quote.zoneId,
      deliveryZoneName: quote.zoneName,
      estimatedDeliveryMins: quote.estimatedMinutes,
      idempotencyKey: input.idempotencyKey ?? null,
      smsUpdates: input.smsUpdates ?? true,
      smsUpdatesAt: at,
      locale: input.locale ?? 'en',
      buyerKraPin,
      buyerBusinessName,
      reservationExpiresAt: new Date(at.getTime() + RESERVATION_MINUTES * 60_000),
      createdAt: at,
      updatedAt: at,
    },
    lines: priced.map((l, i) => ({
      productId: l.product.id,
      variantId: l.variant.id,
      productName: l.name,
      variantName: l.variantName,
      productImageUrl: l.variant.imageUrl ?? l.product.imageUrl,
      unitPrice: l.unitPriceCents,
      quantity: l.quantity,
      lineTotal: l.lineTotalCents,
      discount: lineDiscounts[i] ?? 0,
      taxBand: l.product.taxBand,
      taxRateBp: TAX_BAND_RATE_BP[l.product.taxBand],
      ifUnavailable: l.ifUnavailable,
      customerNote: l.note,
      nominalGrams: l.nominalGrams,
      createdAt: at,
    })),
    at,
    unpaidShare: unpaidShare.stock,
  });
  if (!order) return null;
  if (applied) await recordRedemption(tx, applied, order.id, userId, at);
  // What the order is charged per band, as the domain computed it: receipts and tax invoices read this.
  await tx.insert(orderTaxBands).values(
    totals.bands.map((b) => ({
      orderId: order.id,
      band: b.band,
      rateBp: b.rateBp,
      taxableAmount: b.taxableCents,
      taxAmount: b.taxCents,
      totalAmount: b.totalCents,
    })),
  );
  // A pick-up window's place is taken like a delivery window's, counted among pick-up orders.
  const windowInput = { orderId: order.id, choice: input.deliveryWindow, at, unpaidShare: unpaidShare.window };
  const hold = quote.zoneId
    ? await holdDeliveryWindow(tx, { ...windowInput, zoneId: quote.zoneId })
    : await holdPickupWindow(tx, windowInput);
  await saveSmsChoice(tx, userId, input.smsUpdates ?? true, at);
  // The order's own 'Send me SMS updates', in the consents ledger with the number it was given for.
  await recordConsent(tx, {
    kind: 'order_sms',
    granted: input.smsUpdates ?? true,
    source: 'checkout',
    at,
    userId,
    phone: input.customer.phone,
  });
  // Her usual delivery time and address are a delivery's; a pick-up leaves them as they were.
  const pickedWindow = quote.method === 'delivery' && input.deliveryWindow?.picked && hold ? hold.slot : null;
  await rememberCheckoutDetails(tx, userId, { ...input.customer, address: quote.address, pickedWindow }, at);
  if (input.buyerTax) await saveBuyerTax(tx, userId, input.buyerTax, at);
  if (input.payOnDelivery) return { orderId: order.id };
  const mpesa = input.mpesaPhone !== undefined ? { phone: input.mpesaPhone } : undefined;
  return claimAttempt(
    tx,
    { id: order.id, totalAmount: totals.totalCents, currency: 'KES', customerPhone: input.customer.phone },
    at,
    mpesa,
  );
}
