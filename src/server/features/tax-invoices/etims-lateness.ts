// When something still to be sent to KRA (an invoice, a stock declaration) counts as late: queued
// longer than ETIMS_LATE_AFTER_MINUTES ago. The dashboard and the tax-invoice screen read lateness
// of invoices and of stock declarations this one way.
import type { ServerContext } from '../../context';

/** Queued before this instant is late. */
export function etimsLateBefore(ctx: Pick<ServerContext, 'env' | 'now'>): Date {
  return new Date(ctx.now().getTime() - ctx.env.ETIMS_LATE_AFTER_MINUTES * 60_000);
}
