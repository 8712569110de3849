// Every SMS is a row in outbound_sms first (one kind of the outbox, like mail: docs/decisions/012-sms-outbox.md
// and 014-one-outbox.md). With an Africa's Talking account it is then sent; a send that failed is tried
// again by the SMS job with a growing pause. Without one (development and tests) the row is the SMS:
// read it at /dev/sms. SMS_DISABLED: nothing is queued at all.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { OrderUpdateStep } from '../../../domain/order-sms';
import type { PACKED_STEP } from '../../../domain/packing';
import type { SIGN_IN_CODE_STEP } from '../../../domain/phone-sign-in';
import type { RIDER_STOPS_OFF_STEP, RIDER_STOPS_STEP } from '../../../domain/rider-sms';
import type { DELIVERY_FAILED_STEP } from '../../../domain/delivery-failed-sms';
import type { Db, DbOrTx } from '../../db/client';
import { outboundSms } from '../../db/schema';
import { createOutbox, type OutboxKind } from '../outbox/outbox';
import type { SmsGateway } from './africas-talking';
import type { CART_REMINDER_STEP } from '../../../domain/saved-cart';

/** Messages to the merchant rather than a customer: a paid order, a refund Pesapal rejected, the morning summary. */
type MerchantSmsStep = 'owner_paid' | 'owner_refund_rejected' | 'morning_summary';

interface SmsMessage {
  /** The order it is about; null (with a dedupeKey) for a message of no one order (a sign-in code, the morning summary). */
  orderId: string | null;
  /** The customer's order step (or what packing changed), a rider's list of stops or stops off it, a sign-in code, or a notice to the merchant. */
  step:
    | OrderUpdateStep
    | typeof PACKED_STEP
    | typeof RIDER_STOPS_STEP
    | typeof RIDER_STOPS_OFF_STEP
    | typeof DELIVERY_FAILED_STEP
    | typeof SIGN_IN_CODE_STEP
    | typeof CART_REMINDER_STEP
    | MerchantSmsStep;
  /** E.164. */
  to: string;
  message: string;
  /** The outbox key, '<order id>:<step>' by default: a second SMS with the same key is not queued. */
  dedupeKey?: string;
}

interface DeliveryReport {
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
  /** Queues the SMS in the caller's transaction; null when SMS are off or its key was queued before. */
  enqueue(db: DbOrTx, message: SmsMessage): Promise<string | null>;
  /** Sends one queued SMS, if it is due and no other instance is sending it. */
  deliver(id: string): Promise<void>;
  deliverDue(limit?: number): Promise<{ sent: number; failed: number }>;
  /** 'Send again': a failed or abandoned SMS (or one the network could not deliver) is queued afresh. */
  requeue(db: DbOrTx, id: string): Promise<boolean>;
  /** Records the gateway's delivery report on the SMS it names; false for an unknown id. */
  recordDeliveryReport(report: DeliveryReport): Promise<boolean>;
}

/** Final delivery report statuses that mean the SMS never reached the phone. */
export const UNDELIVERED_STATUSES = ['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'] as const;

/** SMS as an outbox kind: outbound_sms rows, sent through the gateway, which keeps its message id and cost. */
export function smsKind(gateway: SmsGateway): OutboxKind<typeof outboundSms> {
  return {
    table: outboundSms,
    async send(row) {
      const result = await gateway.send(row.to, row.message);
      if (!result.ok) return result;
      return { ok: true, record: { providerMessageId: result.messageId, providerStatus: result.status, cost: result.cost } };
    },
  };
}

export function createSmsOutbox(opts: { db: Db; gateway: SmsGateway | null; disabled?: boolean; now?: () => Date }): SmsOutbox {
  const { gateway } = opts;
  const now = opts.now ?? (() => new Date());
  const enabled = !opts.disabled;
  // No gateway: rows are 'stored' for the development SMS box and nothing is ever sent.
  const outbox = gateway ? createOutbox({ db: opts.db, kind: smsKind(gateway), now }) : null;

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
          dedupeKey: message.dedupeKey ?? `${message.orderId ?? 'shop'}:${message.step}`,
          status: gateway ? 'queued' : 'stored',
          createdAt: now(),
        })
        .onConflictDoNothing({ target: outboundSms.dedupeKey })
        .returning({ id: outboundSms.id });
      return row?.id ?? null;
    },
    async deliver(id) {
      await outbox?.deliver(id);
    },
    async deliverDue(limit) {
      return outbox ? outbox.deliverDue(limit) : { sent: 0, failed: 0 };
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
