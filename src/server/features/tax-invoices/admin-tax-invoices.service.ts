// The back office's view of tax invoices: the list (refused ones first to fix), and 'Send again'
// for one KRA refused, after the merchant fixed what KRA named. It goes back in the queue under its
// own shop number and is sent in number order with the rest.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { taxInvoices, type TaxInvoiceStatus } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { invoiceReference, kickTaxInvoices } from './tax-invoice-sender';

const MESSAGES = {
  notFound: 'Tax invoice not found',
  notRefused: 'Only a tax invoice KRA refused can be sent again; the others are sent (and retried) by the shop.',
} as const;

export async function listTaxInvoices(ctx: ServerContext, filter: { status?: TaxInvoiceStatus; orderId?: string }) {
  const rows = await ctx.db
    .select()
    .from(taxInvoices)
    .where(
      and(
        filter.status ? eq(taxInvoices.status, filter.status) : undefined,
        filter.orderId ? eq(taxInvoices.orderId, filter.orderId) : undefined,
      ),
    )
    .orderBy(sql`${taxInvoices.status} = 'refused' desc`, desc(taxInvoices.number), asc(taxInvoices.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    reference: invoiceReference(r),
    kind: r.kind,
    orderId: r.orderId,
    status: r.status,
    totalCents: r.total,
    attempts: r.attempts,
    error: r.error,
    kraResultCode: r.resultCode,
    kraMessage: r.resultMessage,
    cuInvoiceNo: r.cuInvoiceNo,
    invcNo: r.invcNo,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function sendTaxInvoiceAgain(ctx: ServerContext, actor: AdminActor, id: string): Promise<{ status: TaxInvoiceStatus }> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(taxInvoices).where(eq(taxInvoices.id, id)).for('update');
    if (!row) throw notFound(MESSAGES.notFound);
    if (row.status !== 'refused') throw conflict(MESSAGES.notRefused);
    await tx
      .update(taxInvoices)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: null, error: null })
      .where(and(eq(taxInvoices.id, id), eq(taxInvoices.status, 'refused')));
    await auditAdmin(tx, actor, {
      action: 'TAX_INVOICE_SEND_AGAIN',
      tableName: 'tax_invoices',
      recordId: id,
      details: { reference: invoiceReference(row), orderId: row.orderId, kraMessage: row.resultMessage },
    });
  });
  kickTaxInvoices(ctx);
  return { status: 'queued' };
}
