// Sends queued stock declarations to KRA in sarNo order through the outbox (decision 044): for each,
// the product is registered as an item if it is not yet, then insertStockIO under its sarNo, then
// saveStockMaster with what KRA then holds of the item. Runs inside the tax-invoice sender's round,
// under its lock, interleaved with the invoices (tax-invoice-sender.ts):
// - a sale's stock-out waits until the order's sale invoice is declared (KRA: the sale first, its
//   stock IO after), a refund's return until its credit note is; a refused invoice holds nothing up;
// - stock arriving for an item sends again the invoices KRA refused for want of its stock.
// A declaration KRA does not take stops the declarations after it (KRA needs the sarNo in order); it
// is retried (1, 2, 4 … minutes, seconds after a lost answer), never given up.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { backoff } from '@/domain/backoff';
import { isStockOut } from '@/domain/kra-stock-types';
import type { TaxBand } from '@/domain/tax-bands';
import { kgQuantity, type StockUnit } from '@/domain/stock-units';
import type { ServerContext } from '../../context';
import { etimsItems, etimsStockMoves, products, taxInvoices } from '../../db/schema';
import { createOutbox, type OutboxKind } from '../../infra/outbox/outbox';
import { EtimsError, type EtimsIntegration } from '../../integrations/etims/etims-types';
import { buildStockIORequest, buildStockMasterRequest, expectedSarNo } from '../../integrations/etims/etims-stock-request';
import { bandRates, registerItems, type ReadyDevice } from './etims-device.service';
import { productItemKey } from './order-invoice-lines';

type MoveRow = typeof etimsStockMoves.$inferSelect;
type Outcome = Awaited<ReturnType<OutboxKind<typeof etimsStockMoves>['send']>>;

/** The result code an invoice keeps when KRA refused it for want of stock: sent again when stock arrives. */
export const NO_STOCK = 'no_stock';

const UNSENT = ['queued', 'failed'] as const;
const LOST_ANSWERS_PER_TRY = 3;
const lostAnswerRetryMs = (attempts: number) => backoff(attempts, { baseMs: 5_000, maxMs: 2 * 60 * 60_000 });
const isLostAnswer = (err: EtimsError) =>
  (err.kind === 'unreachable' && (err.code === 'timeout' || err.code === 'network_error')) || err.kind === 'invalid_response';

/** The lowest unsent declaration. */
async function head(ctx: ServerContext): Promise<MoveRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(etimsStockMoves)
    .where(inArray(etimsStockMoves.status, UNSENT))
    .orderBy(asc(etimsStockMoves.sarNo))
    .limit(1);
  return row;
}

/**
 * A sale's stock-out waits for the order's sale invoice, a refund's return for the order's credit
 * notes (one per refund), while they are on their way.
 */
async function waitsForInvoice(ctx: ServerContext, row: MoveRow): Promise<boolean> {
  if (!row.orderId) return false;
  const kind = isStockOut(row.sarTyCd) ? 'sale' : 'credit_note';
  const [invoice] = await ctx.db
    .select({ id: taxInvoices.id })
    .from(taxInvoices)
    .where(and(eq(taxInvoices.orderId, row.orderId), eq(taxInvoices.kind, kind), inArray(taxInvoices.status, [...UNSENT])))
    .limit(1);
  return invoice !== undefined;
}

/** KRA's quantity: pieces, or the grams of an item counted in kg as kg (3 decimals at most). */
const kraQuantity = (unit: StockUnit, amount: number) => (unit === 'kg' ? kgQuantity(amount) : amount);

const dueNow = (ctx: ServerContext, row: MoveRow | undefined): row is MoveRow =>
  row !== undefined && !(row.nextAttemptAt && row.nextAttemptAt > ctx.now());

/** Whether a declaration can be sent now (the round's "anything to do" check: reads, never calls KRA). */
export async function stockDeclarationDue(ctx: ServerContext): Promise<boolean> {
  const row = await head(ctx);
  return dueNow(ctx, row) && !(await waitsForInvoice(ctx, row));
}

/** The product as a KRA item in `unit`: registered now (as it is named and banded today) if it never was. */
async function itemOf(ctx: ServerContext, etims: EtimsIntegration, device: ReadyDevice, productId: string, unit: StockUnit) {
  const itemKey = productItemKey(productId, unit);
  const [row] = await ctx.db
    .select()
    .from(etimsItems)
    .where(and(eq(etimsItems.deviceId, device.id), eq(etimsItems.itemKey, itemKey)));
  if (row?.registeredAt) return row;
  const [product] = await ctx.db.select().from(products).where(eq(products.id, productId));
  if (!product) throw new Error(`Product ${productId} not found`);
  const want = {
    itemKey,
    productId,
    name: product.name,
    category: product.category,
    itemClass: product.etimsItemClass,
    service: false,
    band: product.taxBand,
    priceCents: (unit === 'kg' ? product.pricePerKg : null) ?? product.price,
    unit,
  };
  const registered = (await registerItems(ctx, etims, device, [want])).get(itemKey);
  if (!registered) throw new Error(`Product ${productId} could not be registered at KRA`);
  return { ...registered, itemNm: want.name, taxTyCd: want.band };
}

/** Invoices KRA refused for want of this item's stock go back in the queue (sent in this round). */
async function resendWaitingForStock(ctx: ServerContext, itemCd: string): Promise<void> {
  await ctx.db
    .update(taxInvoices)
    .set({ status: 'queued', nextAttemptAt: null, error: null })
    .where(
      and(
        eq(taxInvoices.status, 'refused'),
        eq(taxInvoices.resultCode, NO_STOCK),
        sql`${taxInvoices.request} -> 'itemList' @> ${JSON.stringify([{ itemCd }])}::jsonb`,
      ),
    );
}

/**
 * One declaration: its stock IO (unless KRA took it already), then the item's stock master. What
 * was sent, and whether KRA took the IO, is kept on the row by the outcome (a retry sends the master only).
 */
async function declareOne(ctx: ServerContext, etims: EtimsIntegration, device: ReadyDevice, row: MoveRow): Promise<Outcome> {
  let kept: Partial<MoveRow> = {};
  const failed = (err: unknown, lost = false): Outcome => {
    const message = err instanceof Error ? err.message : String(err);
    ctx.logger.warn({ sarNo: row.sarNo, err: message }, 'KRA stock declaration failed; the ones after it wait');
    return {
      ok: false,
      error: `Stock declaration ${row.sarNo}: ${message}`,
      record: { ...kept, ...(err instanceof EtimsError && { resultCode: err.code, resultMessage: err.message }) },
      ...(lost && { retryInMs: lostAnswerRetryMs(row.attempts) }),
    };
  };
  let item;
  try {
    item = await itemOf(ctx, etims, device, row.productId, row.unit);
  } catch (err) {
    return failed(err);
  }

  if (!row.ioAcceptedAt || row.deviceId !== device.id) {
    const request = buildStockIORequest({
      sarNo: row.sarNo,
      sarTyCd: row.sarTyCd,
      automatic: row.orderId !== null,
      at: row.createdAt,
      remark: row.remark,
      item,
      quantity: kraQuantity(row.unit, row.quantity),
      unitPriceCents: row.unitPrice,
      rateBp: bandRates(device)[item.taxTyCd as TaxBand] ?? 0,
    });
    kept = { request, deviceId: device.id, ioAcceptedAt: null };
    for (let lost = 1; ; lost++) {
      try {
        await etims.client.insertStockIO(device.cmcKey, request);
        break;
      } catch (err) {
        if (!(err instanceof EtimsError)) return failed(err);
        // KRA expects the number after ours: an earlier try that lost its answer was taken.
        if (expectedSarNo(err.message) === row.sarNo + 1) break;
        if (isLostAnswer(err) && lost < LOST_ANSWERS_PER_TRY) continue;
        return failed(err, isLostAnswer(err));
      }
    }
    kept.ioAcceptedAt = ctx.now();
  }

  // The same remaining quantity sent twice is the same fact: a lost answer is simply sent again.
  for (let lost = 1; ; lost++) {
    try {
      await etims.client.saveStockMaster(device.cmcKey, buildStockMasterRequest(item.itemCd, kraQuantity(row.unit, row.rsdQty)));
      break;
    } catch (err) {
      if (err instanceof EtimsError && isLostAnswer(err) && lost < LOST_ANSWERS_PER_TRY) continue;
      return failed(err, err instanceof EtimsError && isLostAnswer(err));
    }
  }
  if (!isStockOut(row.sarTyCd)) await resendWaitingForStock(ctx, item.itemCd);
  return { ok: true, record: { ...kept, resultCode: '000', resultMessage: null } };
}

/**
 * Declares every due declaration in sarNo order, until one waits for its order's invoice or fails.
 * The caller holds the etims lock. Returns how many KRA took.
 */
export async function declareDueStock(ctx: ServerContext, etims: EtimsIntegration, device: ReadyDevice): Promise<number> {
  const outbox = createOutbox({
    db: ctx.db,
    now: ctx.now,
    kind: { table: etimsStockMoves, maxAttempts: Number.POSITIVE_INFINITY, send: (row) => declareOne(ctx, etims, device, row) },
  });
  let declared = 0;
  for (;;) {
    const row = await head(ctx);
    if (!dueNow(ctx, row) || (await waitsForInvoice(ctx, row))) break;
    if (!(await outbox.deliver(row.id))) break;
    declared++;
  }
  return declared;
}
