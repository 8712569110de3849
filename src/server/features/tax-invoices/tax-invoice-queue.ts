// Queues an order's tax invoice in the transaction that pays or refunds it: the shop's invoice
// number is taken from the one counter row (the UPDATE locks it until the commit), so numbers are
// gap-free (a rolled-back payment gives its number back) and never reused. Sales and credit notes
// share the sequence. Sending, to KRA and in number order, is tax-invoice-sender.ts's.
import { and, eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, taxInvoiceCounter, taxInvoices } from '../../db/schema';

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

/** A credit note for the whole of a refunded order's sale; null when there was no sale invoice or a credit note exists. */
export async function queueCreditNote(ctx: ServerContext, tx: Tx, orderId: string, at: Date): Promise<string | null> {
  if (!ctx.integrations.etims) return null;
  const sale = await existing(tx, orderId, 'sale');
  if (!sale || (await existing(tx, orderId, 'credit_note'))) return null;
  const [row] = await tx
    .insert(taxInvoices)
    .values({
      number: await takeNumber(tx),
      kind: 'credit_note',
      orderId,
      originalInvoiceId: sale.id,
      total: sale.total,
      status: 'queued',
      createdAt: at,
    })
    .returning({ id: taxInvoices.id });
  return row?.id ?? null;
}
