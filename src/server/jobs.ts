// Background jobs (reservation expiry, payment and refund reconciliation, mail and SMS retries, tax invoices to KRA, pruning notices, the owner's morning summary, data retention). Each run takes an advisory lock (db/locks.ts), so with several instances on one
// database only one of them expires reservations or reconciles payments at a time.
import type { ServerContext } from './context';
import { isConnectionError } from './db/connection-errors';
import { LOCKS } from './db/locks';
import { repeatEvery, type Stopper } from './infra/repeat-every';
import { runDueIpnRechecks } from './features/payments/ipn-rechecks';
import { pruneStrangerNotices } from './features/payments/ipn-notices';
import { expireReservations, reconcilePayments } from './features/payments/reconciliation.service';
import { reconcileRefunds } from './features/payments/refund-reconciliation';
import { reconcileMpesaPayments } from './features/payments/mpesa/mpesa-reconciliation';
import { watchSilentReversals } from './features/payments/mpesa/mpesa-reversal.service';
import { reconcilePackingRefunds } from './features/packing/packing-reconciliation';
import { refreshEtimsCodes } from './features/tax-invoices/etims-device.service';
import { sendDueTaxInvoices } from './features/tax-invoices/tax-invoice-sender';
import { sendMorningSummary } from './features/merchant-notices/morning-summary.service';
import { sendCartReminders } from './features/carts/cart-reminders.service';
import { pruneExpiredData } from './features/privacy/data-retention.service';

/** Stops the jobs: no pass starts after it, and it resolves once the passes in progress have ended. */
export type JobStopper = Stopper;

export interface JobIntervals {
  /** How often unpaid reservations are looked for. Default 60 s. */
  reservationExpiryMs?: number;
  /** How often pending payments are checked with Pesapal. Default 30 s. */
  reconciliationMs?: number;
  /** How often M-Pesa prompts due for a query are looked for (each is asked 20 s after it was sent, then every 10 s). Default 5 s. */
  mpesaReconciliationMs?: number;
  /** How often mail that could not be sent is tried again. Default 60 s. */
  mailDeliveryMs?: number;
  /** How often SMS that could not be sent are tried again. Default 60 s. */
  smsDeliveryMs?: number;
  /** How often tax invoices waiting for KRA are looked at (a lost answer is retried within seconds). Default 5 s. */
  taxInvoiceMs?: number;
  /** How often the owner's morning summary is looked at (sent once a day, at the set time). Default 60 s. */
  morningSummaryMs?: number;
  /** How often abandoned carts are looked at for their reminder SMS. Default 60 s. */
  cartRemindersMs?: number;
  /** How often expired personal data is looked for and deleted (docs/privacy.md). Default hourly. */
  dataRetentionMs?: number;
}

/** Starts the background jobs; returns one stopper, which waits for the passes in progress (shutdown closes the database after it). */
export function startBackgroundJobs(ctx: ServerContext, intervals: JobIntervals = {}): JobStopper {
  const stoppers: JobStopper[] = [
    every(ctx, 'reservation expiry', intervals.reservationExpiryMs ?? 60_000, LOCKS.reservationExpiry, () => expireReservations(ctx)),
    every(ctx, 'payment reconciliation', intervals.reconciliationMs ?? 30_000, LOCKS.reconciliation, () => reconcilePayments(ctx)),
    every(ctx, 'M-Pesa reconciliation', intervals.mpesaReconciliationMs ?? 5_000, LOCKS.mpesaReconciliation, () =>
      reconcileMpesaPayments(ctx),
    ),
    // Refunds waiting for Pesapal's reversal, under the same lock.
    every(ctx, 'refund reconciliation', intervals.reconciliationMs ?? 30_000, LOCKS.reconciliation, () => reconcileRefunds(ctx)),
    // M-Pesa reversals whose result never came, left to the owner after an hour, under the same lock.
    every(ctx, 'M-Pesa reversal watch', intervals.reconciliationMs ?? 30_000, LOCKS.reconciliation, () => watchSilentReversals(ctx)),
    // Packing's refunds a crash left unmade (or untold), under the same lock.
    every(ctx, 'packing refund reconciliation', intervals.reconciliationMs ?? 30_000, LOCKS.reconciliation, () =>
      reconcilePackingRefunds(ctx),
    ),
    // Rechecks of collapsed IPN repeats whose instance died before its timer ran.
    every(ctx, 'IPN rechecks', 15_000, LOCKS.ipnRechecks, () => runDueIpnRechecks(ctx)),
    every(ctx, 'mail delivery', intervals.mailDeliveryMs ?? 60_000, LOCKS.mailDelivery, () => ctx.mailer.deliverDue()),
    every(ctx, 'SMS delivery', intervals.smsDeliveryMs ?? 60_000, LOCKS.smsDelivery, () => ctx.sms.deliverDue()),
    // Tax invoices to KRA, in number order; the work takes the etims lock itself. Often, because an
    // invoice whose answer was lost is due again in seconds; a run with nothing due calls no one.
    every(ctx, 'tax invoices', intervals.taxInvoiceMs ?? 5_000, LOCKS.etimsJobs, () => sendDueTaxInvoices(ctx)),
    // KRA's code lists, refreshed once they are a day old (checked hourly).
    every(ctx, 'eTIMS code lists', 60 * 60_000, LOCKS.etimsJobs, () => refreshEtimsCodes(ctx)),
    // Hourly, under reconciliation's lock: the two never run at once, and one instance does it.
    every(ctx, 'morning summary', intervals.morningSummaryMs ?? 60_000, LOCKS.morningSummary, () => sendMorningSummary(ctx)),
    // One reminder per abandoned cart; the cart's row is the claim, the lock spares a second instance the work.
    every(ctx, 'cart reminders', intervals.cartRemindersMs ?? 60_000, LOCKS.cartReminders, () => sendCartReminders(ctx)),
    // Storage limitation: expired codes, sessions, sent messages, idle carts and old log details go.
    every(ctx, 'data retention', intervals.dataRetentionMs ?? 60 * 60_000, LOCKS.dataRetention, () => pruneExpiredData(ctx)),
    every(ctx, 'stranger notice pruning', 60 * 60_000, LOCKS.reconciliation, () => pruneStrangerNotices(ctx)),
  ];
  return async () => {
    await Promise.all(stoppers.map((stop) => stop()));
  };
}

/** Runs `job` every `ms` (never overlapping itself), under the advisory lock `lockKey`. */
function every(ctx: ServerContext, name: string, ms: number, lockKey: number, job: () => Promise<unknown>): JobStopper {
  return repeatEvery(
    ms,
    () => ctx.database.withTryLock(lockKey, job),
    (err) => {
      // A lost database connection is not the job's fault: it runs again on its next tick.
      if (isConnectionError(err))
        ctx.logger.warn({ err, job: name }, 'background job stopped by a lost database connection; it runs again on its next tick');
      else ctx.logger.error({ err, job: name }, 'background job failed');
    },
  );
}
