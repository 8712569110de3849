// The SMS and mail a customer was sent about one order, for the back office order page, and
// 'Send again' for one that failed: it is queued afresh (tries from zero) and sent now.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { orders, outboundMail, outboundSms } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { UNDELIVERED_STATUSES } from '../../infra/sms/sms-outbox';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';

export interface AdminOrderMessage {
  id: string;
  channel: 'sms' | 'mail';
  /** The order step ('paid', 'out_for_delivery' …), or null for other mail. */
  step: string | null;
  to: string;
  /** The SMS text, or the mail's subject. */
  summary: string;
  status: string;
  attempts: number;
  error: string | null;
  /** The SMS's delivery report from the phone network (Success, Failed …) and why it failed. */
  deliveryStatus: string | null;
  deliveryFailureReason: string | null;
  createdAt: string;
  sentAt: string | null;
  canResend: boolean;
}

const ORDER_MESSAGE_TEXTS = {
  notFound: 'Message not found',
  cannotResend: 'Only a message that failed can be sent again.',
  noGateway: 'Nothing to send again: without an SMS or mail account messages are only stored (see the development boxes).',
} as const;

const stepOf = (key: string | null) => (key ? (key.split(':')[1] ?? null) : null);

export async function listOrderMessages(ctx: ServerContext, orderId: string): Promise<AdminOrderMessage[]> {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const [sms, mail] = await Promise.all([
    ctx.db.select().from(outboundSms).where(eq(outboundSms.orderId, orderId)).orderBy(asc(outboundSms.createdAt)),
    ctx.db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId)).orderBy(asc(outboundMail.createdAt)),
  ]);
  const undelivered = (s: string | null) => s !== null && (UNDELIVERED_STATUSES as readonly string[]).includes(s);
  const messages: AdminOrderMessage[] = [
    ...sms.map((m) => ({
      id: m.id,
      channel: 'sms' as const,
      step: m.step,
      to: m.to,
      summary: m.message,
      status: m.status,
      attempts: m.attempts,
      error: m.error,
      deliveryStatus: m.deliveryStatus,
      deliveryFailureReason: m.deliveryFailureReason,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      canResend:
        !ctx.sms.devBox && (m.status === 'failed' || m.status === 'abandoned' || (m.status === 'sent' && undelivered(m.deliveryStatus))),
    })),
    ...mail.map((m) => ({
      id: m.id,
      channel: 'mail' as const,
      step: stepOf(m.dedupeKey),
      to: m.to,
      summary: m.subject,
      status: m.status,
      attempts: m.attempts,
      error: m.error,
      deliveryStatus: null,
      deliveryFailureReason: null,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      canResend: !ctx.mailer.devMailbox && (m.status === 'failed' || m.status === 'abandoned'),
    })),
  ];
  return messages.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.channel.localeCompare(b.channel));
}

/** 'Send again': queues a failed message afresh, audited, then tries it at once. */
export async function resendOrderMessage(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  channel: 'sms' | 'mail',
  messageId: string,
): Promise<{ message: AdminOrderMessage }> {
  const requeued = await ctx.db.transaction(async (tx) => {
    let done: boolean;
    if (channel === 'sms') {
      const [row] = await tx
        .select({ id: outboundSms.id })
        .from(outboundSms)
        .where(and(eq(outboundSms.id, messageId), eq(outboundSms.orderId, orderId)));
      if (!row) throw notFound(ORDER_MESSAGE_TEXTS.notFound);
      if (ctx.sms.devBox) throw conflict(ORDER_MESSAGE_TEXTS.noGateway);
      done = await ctx.sms.requeue(tx, messageId);
    } else {
      const [row] = await tx
        .select({ id: outboundMail.id })
        .from(outboundMail)
        .where(and(eq(outboundMail.id, messageId), eq(outboundMail.orderId, orderId)));
      if (!row) throw notFound(ORDER_MESSAGE_TEXTS.notFound);
      if (ctx.mailer.devMailbox) throw conflict(ORDER_MESSAGE_TEXTS.noGateway);
      const rows = await tx
        .update(outboundMail)
        .set({ status: 'queued', attempts: 0, nextAttemptAt: null, error: null })
        .where(and(eq(outboundMail.id, messageId), inArray(outboundMail.status, ['failed', 'abandoned'])))
        .returning({ id: outboundMail.id });
      done = rows.length > 0;
    }
    if (!done) throw conflict(ORDER_MESSAGE_TEXTS.cannotResend);
    await auditAdmin(tx, actor, {
      action: 'ORDER_MESSAGE_RESEND',
      tableName: 'orders',
      recordId: orderId,
      details: { channel, messageId },
    });
    return true;
  });
  if (requeued) {
    const send = channel === 'sms' ? ctx.sms.deliver(messageId) : ctx.mailer.deliver(messageId);
    await send.catch((err: unknown) => ctx.logger.error({ err, orderId }, 'resent message failed; the job retries it'));
  }
  const message = (await listOrderMessages(ctx, orderId)).find((m) => m.id === messageId);
  if (!message) throw notFound(ORDER_MESSAGE_TEXTS.notFound);
  return { message };
}
