// Queues an order's tax invoice in the transaction that pays or refunds it: the shop's invoice
// number is taken from the one counter row (the UPDATE locks it until the commit), so numbers are
// gap-free (a rolled-back payment gives its number back) and never reused. Sales and credit notes
// share the sequence. An order has one sale and a credit note per refund made (decision 049).
// Sending, to KRA and in number order, is tax-invoice-sender.ts's.
import { and, eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, refundLines, taxInvoiceCounter, taxInvoices } from '../../db/schema';

async function takeNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(taxInvoiceCounter)
    .set({ nextNumber: sql`${taxInvoiceCounter.nextNumber} + 1` })
    .where(eq(taxInvoiceCounter.id, 1))
    .returning({ taken: sql<number>`${taxInvoiceCounter.nextNumber} - 1` });
  if (!row) throw new Error('The tax invoice counter is missing (migration 0017)');
  return Number(row.taken);
}

async function existing(tx: Tx, orderId: string, kind: 'sale' | 'credit_note') {
  const [row] = await tx
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, kind)));
  return row ?? null;
}

/** The sale's invoice for a paid order; null when eTIMS is off or the order has one already. */
export async function queueSaleInvoice(ctx: ServerContext, tx: Tx, orderId: string, at: Date): Promise<string | null> {
  if (!ctx.integrations.etims) return null;
  if (await existing(tx, orderId, 'sale')) return null;
  const [order] = await tx.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [row] = await tx
    .insert(taxInvoices)
    .values({ number: await takeNumber(tx), kind: 'sale', orderId, total: order.total, status: 'queued', createdAt: at })
    .returning({ id: taxInvoices.id });
  return row?.id ?? null;
}

/**
 * The credit note of a refund made: it credits the refund's lines (a refund without lines, asked for
 * before refunds kept them, credits the whole sale; so does a credit note of no refund, once per
 * order). Null when there was no sale invoice or the refund has its credit note already.
 */
export async function queueCreditNote(
  ctx: ServerContext,
  tx: Tx,
  orderId: string,
  refundId: string | null,
  at: Date,
): Promise<string | null> {
  if (!ctx.integrations.etims) return null;
  const sale = await existing(tx, orderId, 'sale');
  if (!sale) return null;
  const [done] = await tx
    .select({ id: taxInvoices.id })
    .from(taxInvoices)
    .where(
      refundId === null ? and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, 'credit_note')) : eq(taxInvoices.refundId, refundId),
    );
  if (done) return null;
  const credited =
    refundId === null ? [] : await tx.select({ amount: refundLines.amount }).from(refundLines).where(eq(refundLines.refundId, refundId));
  const [row] = await tx
    .insert(taxInvoices)
    .values({
      number: await takeNumber(tx),
      kind: 'credit_note',
      orderId,
      originalInvoiceId: sale.id,
      refundId,
      total: credited.length === 0 ? sale.total : credited.reduce((sum, l) => sum + l.amount, 0),
      status: 'queued',
      createdAt: at,
    })
    .returning({ id: taxInvoices.id });
  return row?.id ?? null;
}
