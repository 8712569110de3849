// Every SMS is a row in outbound_sms first (an outbox, like the mail's: docs/decisions/012-sms-outbox.md).
// With an Africa's Talking account it is then sent; a send that failed is tried again by the SMS job
// with a growing pause. Without one (development and tests) the row is the SMS: read it at /dev/sms.
// SMS_DISABLED: nothing is queued at all.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { OrderUpdateStep } from '../../domain/order-sms';
import type { Db, DbOrTx } from '../db/client';
import { outboundSms } from '../db/schema';
import type { SmsGateway } from './africas-talking';

export interface SmsMessage {
  orderId: string;
  step: OrderUpdateStep;
  /** E.164. */
  to: string;
  message: string;
  /** The outbox key, '<order id>:<step>' by default: a second SMS with the same key is not queued. */
  dedupeKey?: string;
}

export interface DeliveryReport {
  id: string;
  status: string;
  phoneNumber?: string;
  failureReason?: string;
}

export interface SmsOutbox {
  readonly description: string;
  /** No gateway: SMS are stored for the development SMS box. */
  readonly devBox: boolean;
  /** False with SMS_DISABLED: nothing is queued. */
  readonly enabled: boolean;
  /** Queues the step's SMS in the caller's transaction; null when SMS are off or the step was queued before. */
  enqueue(db: DbOrTx, message: SmsMessage): Promise<string | null>;
  /** Sends one queued SMS, if it is due and no other instance is sending it. */
  deliver(id: string): Promise<void>;
  deliverDue(limit?: number): Promise<{ sent: number; failed: number }>;
  /** 'Send again': a failed or abandoned SMS (or one the network could not deliver) is queued afresh. */
  requeue(db: DbOrTx, id: string): Promise<boolean>;
  /** Records the gateway's delivery report on the SMS it names; false for an unknown id. */
  recordDeliveryReport(report: DeliveryReport): Promise<boolean>;
}

export const MAX_SMS_ATTEMPTS = 8;
const SENDING_LEASE_MS = 5 * 60_000;

/** Pause before try n+1: 1, 2, 4 … minutes, at most 2 hours (as for mail). */
export function smsRetryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 2 * 60 * 60_000);
}

/** Final delivery report statuses that mean the SMS never reached the phone. */
export const UNDELIVERED_STATUSES = ['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'] as const;

export function createSmsOutbox(opts: { db: Db; gateway: SmsGateway | null; disabled?: boolean; now?: () => Date }): SmsOutbox {
  const { gateway } = opts;
  const now = opts.now ?? (() => new Date());
  const enabled = !opts.disabled;

  const claim = async (id: string) => {
    const at = now();
    const [row] = await opts.db
      .update(outboundSms)
      .set({ attempts: sql`${outboundSms.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + SENDING_LEASE_MS) })
      .where(
        and(
          eq(outboundSms.id, id),
          inArray(outboundSms.status, ['queued', 'failed']),
          or(isNull(outboundSms.nextAttemptAt), lte(outboundSms.nextAttemptAt, at)),
        ),
      )
      .returning();
    return row ?? null;
  };

  const deliver = async (id: string): Promise<boolean> => {
    if (!gateway) return false;
    const row = await claim(id);
    if (!row) return false;
    const result = await gateway.send(row.to, row.message).catch(
      (err: unknown) => ({ ok: false as const, permanent: false, error: err instanceof Error ? err.message : String(err) }),
    );
    if (result.ok) {
      await opts.db
        .update(outboundSms)
        .set({
          status: 'sent',
          sentAt: now(),
          nextAttemptAt: null,
          error: null,
          providerMessageId: result.messageId,
          providerStatus: result.status,
          cost: result.cost,
        })
        .where(eq(outboundSms.id, id));
      return true;
    }
    const giveUp = result.permanent || row.attempts >= MAX_SMS_ATTEMPTS;
    await opts.db
      .update(outboundSms)
      .set({
        status: giveUp ? 'abandoned' : 'failed',
        error: result.error,
        nextAttemptAt: giveUp ? null : new Date(now().getTime() + smsRetryDelayMs(row.attempts)),
      })
      .where(eq(outboundSms.id, id));
    return false;
  };

  return {
    description: !enabled ? 'disabled (SMS_DISABLED=1)' : gateway ? gateway.description : 'development SMS box at /dev/sms',
    devBox: enabled && !gateway,
    enabled,
    async enqueue(db, message) {
      if (!enabled) return null;
      const [row] = await db
        .insert(outboundSms)
        .values({
          ...message,
          dedupeKey: message.dedupeKey ?? `${message.orderId}:${message.step}`,
          status: gateway ? 'queued' : 'stored',
          createdAt: now(),
        })
        .onConflictDoNothing({ target: outboundSms.dedupeKey })
        .returning({ id: outboundSms.id });
      return row?.id ?? null;
    },
    async deliver(id) {
      await deliver(id);
    },
    async deliverDue(limit = 20) {
      if (!gateway) return { sent: 0, failed: 0 };
      const at = now();
      const due = await opts.db
        .select({ id: outboundSms.id })
        .from(outboundSms)
        .where(
          and(
            inArray(outboundSms.status, ['queued', 'failed']),
            or(isNull(outboundSms.nextAttemptAt), lte(outboundSms.nextAttemptAt, at)),
          ),
        )
        .orderBy(asc(outboundSms.createdAt))
        .limit(limit);
      let sent = 0;
      for (const { id } of due) if (await deliver(id)) sent++;
      return { sent, failed: due.length - sent };
    },
    async requeue(db, id) {
      if (!gateway) return false;
      const rows = await db
        .update(outboundSms)
        .set({
          status: 'queued',
          attempts: 0,
          nextAttemptAt: null,
          error: null,
          providerMessageId: null,
          providerStatus: null,
          cost: null,
          deliveryStatus: null,
          deliveryFailureReason: null,
          deliveryReportedAt: null,
          sentAt: null,
        })
        .where(
          and(
            eq(outboundSms.id, id),
            or(
              inArray(outboundSms.status, ['failed', 'abandoned']),
              and(eq(outboundSms.status, 'sent'), inArray(outboundSms.deliveryStatus, [...UNDELIVERED_STATUSES])),
            ),
          ),
        )
        .returning({ id: outboundSms.id });
      return rows.length > 0;
    },
    async recordDeliveryReport(report) {
      const rows = await opts.db
        .update(outboundSms)
        .set({ deliveryStatus: report.status, deliveryFailureReason: report.failureReason ?? null, deliveryReportedAt: now() })
        .where(
          and(
            eq(outboundSms.providerMessageId, report.id),
            // A report names the number it was for: one that does not match is not about this SMS.
            report.phoneNumber ? eq(outboundSms.to, report.phoneNumber) : undefined,
          ),
        )
        .returning({ id: outboundSms.id });
      return rows.length > 0;
    },
  };
}
