// The back office's view of tax invoices: the list (refused ones first to fix), and 'Send again'
// for one KRA refused, after the merchant fixed what KRA named. It goes back in the queue under its
// own shop number and is sent in number order with the rest. The status: where invoices go, the
// device, the code lists' age, what waits, and whether the oldest waiting invoice is late (older
// than ETIMS_LATE_AFTER_MINUTES: the queue is stuck and KRA may be owed sales).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { etimsDevices, taxInvoices, type TaxInvoiceStatus } from '../../db/schema';
import { usesEtimsSimulator } from '../../etims-config';
import { conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { etimsLateBefore } from './etims-lateness';
import { stockDeclarationStatus } from './stock-declaration-status';
import { invoiceReference, kickTaxInvoices } from './tax-invoice-sender';

const MESSAGES = {
  notFound: 'Tax invoice not found',
  notRefused: 'Only a tax invoice KRA refused can be sent again; the others are sent (and retried) by the shop.',
} as const;

/** The list's status filter: one status, or 'pending' for those the shop still sends (queued or failed). */
export type TaxInvoiceFilter = TaxInvoiceStatus | 'pending';

const PENDING: TaxInvoiceStatus[] = ['queued', 'failed'];

export async function listTaxInvoices(ctx: ServerContext, filter: { status?: TaxInvoiceFilter; orderId?: string }) {
  const rows = await ctx.db
    .select()
    .from(taxInvoices)
    .where(
      and(
        filter.status === 'pending'
          ? inArray(taxInvoices.status, PENDING)
          : filter.status
            ? eq(taxInvoices.status, filter.status)
            : undefined,
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

/**
 * How late the queue is: when the oldest invoice still to be sent (queued or failed) was queued, and
 * how many waited longer than ETIMS_LATE_AFTER_MINUTES. A refused invoice is not counted here: it
 * waits for the merchant and is shown as refused.
 */
export async function lateTaxInvoices(ctx: ServerContext) {
  const lateAfterMinutes = ctx.env.ETIMS_LATE_AFTER_MINUTES;
  const lateBefore = etimsLateBefore(ctx);
  const [row] = await ctx.db
    .select({
      oldest: sql<Date | null>`min(${taxInvoices.createdAt})`.mapWith(taxInvoices.createdAt),
      late: sql<number>`count(*) filter (where ${taxInvoices.createdAt} < ${lateBefore.toISOString()})`.mapWith(Number),
    })
    .from(taxInvoices)
    .where(inArray(taxInvoices.status, PENDING));
  return {
    lateAfterMinutes,
    oldestWaitingSince: row?.oldest?.toISOString() ?? null,
    late: row?.late ?? 0,
  };
}

/** Where tax invoices go: nowhere (ETIMS_DISABLED), the built-in simulator, or KRA's sandbox or production. */
type EtimsTarget = 'disabled' | 'simulator' | 'sandbox' | 'production';

export async function taxInvoiceStatus(ctx: ServerContext) {
  const etims = ctx.integrations.etims;
  const target: EtimsTarget = !etims ? 'disabled' : usesEtimsSimulator(ctx.env) ? 'simulator' : ctx.env.ETIMS_ENV;
  const [device] = etims
    ? await ctx.db
        .select()
        .from(etimsDevices)
        .where(
          and(
            eq(etimsDevices.tin, etims.device.tin),
            eq(etimsDevices.bhfId, etims.device.bhfId),
            eq(etimsDevices.dvcSrlNo, etims.device.dvcSrlNo),
          ),
        )
    : [];
  const counts = await ctx.db.select({ status: taxInvoices.status, n: count() }).from(taxInvoices).groupBy(taxInvoices.status);
  const of = (...statuses: TaxInvoiceStatus[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.n, 0);
  const lateness = await lateTaxInvoices(ctx);
  return {
    target,
    device: etims
      ? {
          pin: etims.device.tin,
          branchId: etims.device.bhfId,
          serial: etims.device.dvcSrlNo,
          initialised: Boolean(device?.initialisedAt && device.cmcKey),
          initialisedAt: device?.initialisedAt?.toISOString() ?? null,
          cuId: device?.sdcId ?? null,
          taxpayerName: device?.taxpayerName ?? null,
          codesRefreshedAt: device?.codesRefreshedAt?.toISOString() ?? null,
        }
      : null,
    // The queue: invoices the shop still sends (queued, or failed and retried).
    waiting: of('queued', 'failed'),
    failed: of('failed'),
    refused: of('refused'),
    sent: of('sent'),
    // The alert: the oldest waiting invoice, and how many waited longer than the setting allows.
    ...lateness,
    // Stock declared to KRA (each movement of goods), with its own queue and alert.
    stock: await stockDeclarationStatus(ctx),
  };
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
