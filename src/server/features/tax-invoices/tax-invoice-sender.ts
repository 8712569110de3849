// Sends queued tax invoices to KRA, strictly in the shop's number order, through the outbox
// (docs/decisions/022-etims-tax-invoices.md): one sender at a time (the etims lock); the lowest
// unsent invoice goes first and a failure stops the round, so KRA sees sales in order with no gap.
//
// KRA's invoice number (invcNo) is the device's next one, reserved on the invoice before it is sent
// and kept until KRA answers. After a lost answer (timeout, dropped connection) the invoice is looked
// up at KRA under that number at once, in the same round, before anything is sent again, so a sale
// is never declared twice and one lost answer does not hold up the queue (decision 033). KRA advances its counter only
// for accepted invoices: a refusal gives the number back, and the invoice waits (status refused,
// with KRA's message) for the merchant's 'Send again'; the next invoice takes the number.
// KRA being down never stops an order: invoices wait and are retried (1, 2, 4 … minutes, at most
// 2 hours apart, never given up; 5, 10, 20 … seconds after lost answers).
// Stock declarations go in the same round (stock-declaration-sender.ts): before each invoice, every
// declaration that can go, so KRA holds the stock a sale names and a sale's stock-out follows it.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { backoff } from '@/domain/backoff';
import { priceInvoice, type InvoiceLineInput } from '@/domain/etims-invoice';
import { creditedQuantity } from '@/domain/partial-refund';
import type { ServerContext } from '../../context';
import { LOCKS } from '../../db/locks';
import {
  etimsDevices,
  orderItems,
  orders,
  orderTaxBands,
  paymentRefunds,
  paymentTransactions,
  products,
  refundLines,
  taxInvoices,
} from '../../db/schema';
import { createOutbox, type OutboxKind } from '../../infra/outbox/outbox';
import { EtimsError, type EtimsIntegration, type SignedReceipt } from '../../integrations/etims/etims-types';
import { bandRates, paymentTypeCode, readyDevice, registerItems, type ReadyDevice, type WantedItem } from './etims-device.service';
import { buildSaleRequest } from '../../integrations/etims/etims-sale-request';
import { DELIVERY_ITEM_KEY, orderInvoiceLines, productItemKey } from './order-invoice-lines';
import { declareDueStock, NO_STOCK, stockDeclarationDue } from './stock-declaration-sender';
import { gramsSoldByVariant } from './order-line-grams';
import { isNoStockRefusal } from '../../integrations/etims/etims-stock-request';

type InvoiceRow = typeof taxInvoices.$inferSelect;
type Outcome = Awaited<ReturnType<OutboxKind<typeof taxInvoices>['send']>>;

/** The shop's reference for the invoice at KRA (trdInvcNo). */
export const invoiceReference = (row: Pick<InvoiceRow, 'kind' | 'number'>) => `${row.kind === 'sale' ? 'INV' : 'CRN'}-${row.number}`;

const signedRecord = (device: ReadyDevice, invcNo: number, receipt: SignedReceipt) => ({
  deviceId: device.id,
  invcNo,
  resultCode: '000',
  resultMessage: null,
  curRcptNo: receipt.curRcptNo,
  totRcptNo: receipt.totRcptNo,
  intrlData: receipt.intrlData,
  rcptSign: receipt.rcptSign,
  sdcDateTime: receipt.sdcDateTime,
  sdcId: device.sdcId,
  mrcNo: device.mrcNo,
  cuInvoiceNo: `${device.sdcId}/${receipt.curRcptNo}`,
});

async function setDeviceNext(ctx: ServerContext, device: ReadyDevice, next: number): Promise<void> {
  await ctx.db.update(etimsDevices).set({ nextInvcNo: next }).where(eq(etimsDevices.id, device.id));
  device.nextInvcNo = next;
}

/** Gives a reserved number back (KRA refused it or never had it). */
async function release(ctx: ServerContext, id: string): Promise<void> {
  await ctx.db.update(taxInvoices).set({ invcNo: null, deviceId: null }).where(eq(taxInvoices.id, id));
}

/** Builds the request from the order as it is now, registering its items first. */
async function buildRequest(
  ctx: ServerContext,
  etims: EtimsIntegration,
  device: ReadyDevice,
  row: InvoiceRow,
  invcNo: number,
  orgInvcNo: number,
) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw new Error(`Order ${row.orderId} not found`);
  const grams = await gramsSoldByVariant(ctx.db, order.id);
  const ordered = await ctx.db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      lineTotal: orderItems.lineTotal,
      discount: orderItems.discount,
      taxBand: orderItems.taxBand,
      category: products.category,
      itemClass: products.etimsItemClass,
      price: products.price,
      pricePerKg: products.pricePerKg,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName));
  // Goods that left stock kept in kg are sold as the product's kg item, in kg.
  const lines = ordered.map((l) => {
    const sold = grams.get(l.variantId);
    return sold === undefined ? l : { ...l, grams: sold };
  });
  // What the order was charged per band (read here, not through the orders feature, which queues invoices).
  const bands = await ctx.db
    .select({ band: orderTaxBands.band, taxCents: orderTaxBands.taxAmount })
    .from(orderTaxBands)
    .where(eq(orderTaxBands.orderId, order.id));
  // An order row written without its bands (only by hand): its VAT in B, as before bands.
  if (bands.length === 0) bands.push({ band: 'B', taxCents: order.vat });
  const sold = orderInvoiceLines(order, lines, new Map(bands.map((b) => [b.band, b.taxCents])));
  const refund = row.refundId ? await refundCredited(ctx, row.refundId, lines, sold) : null;
  // A credit note of no refund, or of a refund from before refunds kept lines, credits the whole sale.
  const input = refund?.lines ?? sold;
  const wanted: WantedItem[] = input.map((line) => {
    const unit = line.grams === undefined ? 'piece' : 'kg';
    const product = lines.find((l) => productItemKey(l.productId, unit) === line.itemKey);
    return {
      itemKey: line.itemKey,
      productId: product?.productId ?? null,
      name: line.itemKey === DELIVERY_ITEM_KEY ? 'Delivery' : line.name,
      category: product?.category ?? 'delivery',
      itemClass: product?.itemClass ?? null,
      service: line.itemKey === DELIVERY_ITEM_KEY,
      band: line.band,
      priceCents: (unit === 'kg' ? product?.pricePerKg : product?.price) ?? line.grossCents,
      unit,
    };
  });
  const items = await registerItems(ctx, etims, device, wanted);
  const [payment] = await ctx.db
    .select({ method: paymentTransactions.paymentMethod })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.status, 'COMPLETED')))
    .limit(1);
  return buildSaleRequest({
    kind: row.kind,
    reference: invoiceReference(row),
    invcNo,
    orgInvcNo,
    at: row.createdAt,
    invoice: priceInvoice(input, bandRates(device)),
    items,
    customerName: order.buyerBusinessName ?? order.customerName,
    customerPhone: order.customerPhone,
    buyerPin: order.buyerKraPin,
    paymentTypeCode: paymentTypeCode(device, payment?.method ?? null),
    refundReasonCode: '06',
    remark: row.kind === 'credit_note' ? (refund?.remarks ?? order.cancelledReason) : null,
  });
}

/**
 * What a refund's credit note credits: its lines, each at its amount in its own band (the delivery
 * fee's in the fee's band); lines is null for a refund without lines. sold: the sale's lines, in the
 * order's line order then the fee.
 */
async function refundCredited(
  ctx: ServerContext,
  refundId: string,
  orderLines: readonly { id: string; productId: string }[],
  sold: readonly InvoiceLineInput[],
): Promise<{ remarks: string; lines: InvoiceLineInput[] | null }> {
  const [refund] = await ctx.db.select({ remarks: paymentRefunds.remarks }).from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  const credits = await ctx.db.select().from(refundLines).where(eq(refundLines.refundId, refundId));
  if (credits.length === 0) return { remarks: refund?.remarks ?? '', lines: null };
  const lines: InvoiceLineInput[] = [];
  orderLines.forEach((line, i) => {
    const credit = credits.find((c) => c.orderItemId === line.id);
    const paid = sold[i];
    if (!credit || !paid) return;
    const quantity = creditedQuantity(
      { amountCents: credit.amount, restockQuantity: credit.restockQuantity },
      { paidCents: paid.grossCents, quantity: paid.quantity },
    );
    lines.push({ ...paid, quantity, grossCents: credit.amount, band: credit.taxBand });
  });
  const fee = credits.find((c) => c.kind === 'delivery');
  const delivery = sold.find((l) => l.itemKey === DELIVERY_ITEM_KEY);
  if (fee)
    lines.push({ itemKey: DELIVERY_ITEM_KEY, name: delivery?.name ?? 'Delivery', quantity: 1, grossCents: fee.amount, band: fee.taxBand });
  if (credits.some((c) => c.kind === 'amount')) throw new Error(`Refund ${refundId} credits an amount of no item: KRA has no item for it`);
  return { remarks: refund?.remarks ?? '', lines };
}

function failure(err: unknown): Outcome {
  return { ok: false, error: err instanceof Error ? err.message : String(err) };
}

/** Lost answers one invoice may meet in a round (each looked up at once) before it waits a few seconds. */
const LOST_ANSWERS_PER_ROUND = 3;
/** After that: tried again in 5, 10, 20 … seconds (then minutes), not at the usual 1, 2, 4 … minutes. */
const lostAnswerRetryMs = (attempts: number) => backoff(attempts, { baseMs: 5_000, maxMs: 2 * 60 * 60_000 });

/** No answer to a call KRA may have acted on: timed out, connection dropped, or an answer that cannot be read. */
const isLostAnswer = (err: EtimsError): boolean =>
  (err.kind === 'unreachable' && (err.code === 'timeout' || err.code === 'network_error')) ||
  err.kind === 'invalid_response' ||
  err.kind === 'duplicate';

/** What KRA holds under a number: our invoice (its signature), another system's sale, or nothing. */
async function lookUp(etims: EtimsIntegration, device: ReadyDevice, invcNo: number, reference: string) {
  const found = await etims.client.lookupInvoice(device.cmcKey, invcNo);
  if (!found) return { held: 'none' as const };
  return found.trdInvcNo === reference ? { held: 'ours' as const, receipt: found.receipt } : { held: 'other' as const };
}

/**
 * One invoice to KRA: look up a reserved number first, else reserve the next one and send. A lost
 * answer is looked up at once, in this round (sent again under the same number only if KRA does
 * not have it), so one lost answer does not hold up the invoices behind it.
 */
async function sendOne(ctx: ServerContext, etims: EtimsIntegration, device: ReadyDevice, row: InvoiceRow): Promise<Outcome> {
  const reference = invoiceReference(row);
  let orgInvcNo = 0;
  if (row.kind === 'credit_note') {
    const [sale] = row.originalInvoiceId ? await ctx.db.select().from(taxInvoices).where(eq(taxInvoices.id, row.originalInvoiceId)) : [];
    if (!sale || sale.status === 'refused') {
      const message = `The sale ${sale ? invoiceReference(sale) : ''} was refused by KRA: send it again first, then this credit note.`;
      return { ok: false, error: message, permanent: true, status: 'refused', record: { resultCode: null, resultMessage: message } };
    }
    if (sale.status !== 'sent' || sale.invcNo === null) return failure(new Error(`The sale ${invoiceReference(sale)} is not declared yet`));
    orgInvcNo = sale.invcNo;
  }

  let invcNo = row.deviceId === device.id ? row.invcNo : null;
  // An earlier try may have reached KRA: never send the same sale twice.
  let mayBeAtKra = invcNo !== null;
  let lostLeft = LOST_ANSWERS_PER_ROUND;
  const lost = (err: EtimsError): Outcome | null => {
    lostLeft -= 1;
    if (lostLeft > 0) return null;
    return {
      ok: false,
      error: err.message,
      record: { resultCode: err.code, resultMessage: err.message },
      retryInMs: lostAnswerRetryMs(row.attempts),
    };
  };
  const adopt = async (at: number, receipt: SignedReceipt): Promise<Outcome> => {
    await setDeviceNext(ctx, device, Math.max(device.nextInvcNo, at + 1));
    return { ok: true, record: signedRecord(device, at, receipt) };
  };
  let request: Awaited<ReturnType<typeof buildRequest>> | null = null;

  for (;;) {
    if (invcNo !== null && mayBeAtKra) {
      let found;
      try {
        found = await lookUp(etims, device, invcNo, reference);
      } catch (err) {
        if (!(err instanceof EtimsError) || !isLostAnswer(err)) return failure(err);
        const stop = lost(err);
        if (stop) return stop;
        continue;
      }
      if (found.held === 'ours') return adopt(invcNo, found.receipt);
      if (found.held === 'other') {
        // Another system used the number: ours was never declared; take the next one.
        await setDeviceNext(ctx, device, Math.max(device.nextInvcNo, invcNo + 1));
        await release(ctx, row.id);
        invcNo = null;
        request = null;
      }
      mayBeAtKra = false;
    }
    if (invcNo === null) {
      invcNo = device.nextInvcNo;
      await ctx.db.update(taxInvoices).set({ deviceId: device.id, invcNo }).where(eq(taxInvoices.id, row.id));
    }

    if (!request) {
      try {
        request = await buildRequest(ctx, etims, device, row, invcNo, orgInvcNo);
      } catch (err) {
        await release(ctx, row.id);
        if (err instanceof EtimsError && err.kind === 'refused') {
          const message = `KRA refused an item of this invoice: ${err.message}`;
          return {
            ok: false,
            error: message,
            permanent: true,
            status: 'refused',
            record: { resultCode: err.code, resultMessage: err.message },
          };
        }
        return failure(err);
      }
      await ctx.db.update(taxInvoices).set({ request }).where(eq(taxInvoices.id, row.id));
    }

    try {
      const receipt = await etims.client.saveSale(device.cmcKey, request);
      await setDeviceNext(ctx, device, invcNo + 1);
      return { ok: true, record: signedRecord(device, invcNo, receipt) };
    } catch (err) {
      if (!(err instanceof EtimsError)) return failure(err);
      if (isLostAnswer(err)) {
        // KRA may have it (or, for a duplicate, says it has the number): look it up before anything else.
        mayBeAtKra = true;
        const stop = lost(err);
        if (stop) return stop;
        continue;
      }
      const record = { resultCode: err.code, resultMessage: err.message };
      switch (err.kind) {
        case 'refused':
          await release(ctx, row.id);
          // Set aside like any refusal, and sent again by itself once KRA holds the stock (decision 044).
          if (isNoStockRefusal(err.message)) {
            const error = `KRA holds no stock of an item of this invoice (${err.message}); it is sent again when the stock is declared.`;
            return { ok: false, error, permanent: true, status: 'refused', record: { ...record, resultCode: NO_STOCK } };
          }
          return { ok: false, error: `KRA refused this invoice: ${err.message}`, permanent: true, status: 'refused', record };
        case 'sequence': {
          // KRA is past our number: an earlier send of this very invoice may be what moved it on.
          if (err.expectedInvcNo !== null && err.expectedInvcNo > invcNo) {
            const found = await lookUp(etims, device, invcNo, reference).catch(() => null);
            if (found?.held === 'ours') return adopt(invcNo, found.receipt);
          }
          // KRA expects another number (the device was used elsewhere): follow KRA and try again.
          await release(ctx, row.id);
          if (err.expectedInvcNo !== null) await setDeviceNext(ctx, device, err.expectedInvcNo);
          ctx.logger.warn({ invoice: reference, sent: invcNo, expected: err.expectedInvcNo }, 'eTIMS invoice number out of step with KRA');
          return { ok: false, error: err.message, record };
        }
        case 'device':
          ctx.logger.error({ err, invoice: reference }, 'KRA refused the eTIMS device; tax invoices wait');
          return { ok: false, error: err.message, record };
        case 'duplicate':
        case 'invalid_response':
        case 'unreachable':
          // KRA away (HTTP 5xx, 99x): the number stays reserved and is looked up before the next try.
          return { ok: false, error: err.message, record };
      }
    }
  }
}

/**
 * Sends every due invoice in number order; stops at the first that fails (it is retried later, and
 * those after it wait for it). A refused invoice is set aside, and the next one goes on.
 */
export async function sendDueTaxInvoices(ctx: ServerContext): Promise<{ sent: number }> {
  const etims = ctx.integrations.etims;
  if (!etims) return { sent: 0 };
  return ctx.database.withLock(LOCKS.etims, async () => {
    const pending = () =>
      ctx.db
        .select()
        .from(taxInvoices)
        .where(inArray(taxInvoices.status, ['queued', 'failed']))
        .orderBy(asc(taxInvoices.number))
        .limit(1);
    const due = (head: InvoiceRow | undefined): head is InvoiceRow => !!head && !(head.nextAttemptAt && head.nextAttemptAt > ctx.now());
    // Nothing due: KRA is not called at all (the job looks every few seconds).
    if (!due((await pending())[0]) && !(await stockDeclarationDue(ctx))) return { sent: 0 };
    let device: ReadyDevice;
    try {
      device = await readyDevice(ctx, etims);
    } catch (err) {
      ctx.logger.warn({ err }, 'eTIMS device not ready; tax invoices wait');
      return { sent: 0 };
    }
    const outbox = createOutbox({
      db: ctx.db,
      now: ctx.now,
      kind: { table: taxInvoices, maxAttempts: Number.POSITIVE_INFINITY, send: (row) => sendOne(ctx, etims, device, row) },
    });
    let sent = 0;
    for (;;) {
      // Stock first: what KRA must hold before the next sale, and the stock-outs of sales it has.
      await declareDueStock(ctx, etims, device);
      const [head] = await pending();
      if (!due(head)) break;
      if (await outbox.deliver(head.id)) {
        sent++;
        continue;
      }
      const [after] = await ctx.db.select({ status: taxInvoices.status }).from(taxInvoices).where(eq(taxInvoices.id, head.id));
      if (after?.status !== 'refused') break;
    }
    return { sent };
  });
}

interface SenderState {
  running: Promise<void> | null;
  again: boolean;
}
const senders = new WeakMap<ServerContext, SenderState>();

/** After a commit that queued an invoice: sends in the background (a round already running goes round once more). */
export function kickTaxInvoices(ctx: ServerContext): void {
  if (!ctx.integrations.etims) return;
  const state = senders.get(ctx) ?? { running: null, again: false };
  senders.set(ctx, state);
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = (async () => {
    do {
      state.again = false;
      await sendDueTaxInvoices(ctx).catch((err: unknown) => ctx.logger.error({ err }, 'sending tax invoices failed; the job tries again'));
    } while (state.again);
  })().finally(() => {
    state.running = null;
  });
}

/** Resolves when no background sending started by kickTaxInvoices is running. */
export async function taxInvoicesIdle(ctx: ServerContext): Promise<void> {
  while (senders.get(ctx)?.running) await senders.get(ctx)?.running;
}
