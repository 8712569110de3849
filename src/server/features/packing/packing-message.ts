// The customer's one message about packing: when packing changed something (a fish lighter than
// expected, a substitute, an item that ran out), one SMS (if she said yes to SMS updates) and one
// mail listing the changes and the refund: back through Pesapal to what she paid with, or sent by
// the shop by M-Pesa. Queued under the key '<order id>:packed', so once whoever queues it: in the
// transaction that finishes packing when nothing is owed, else once the refund is settled (its way
// is known then), by 'Finish packing' or, after a crash, the reconciliation job. Nothing changed: no
// message, since the step packing moves the order to ('processing') tells the customer nothing either.
import { eq } from 'drizzle-orm';
import { packedMessage, packedSms, PACKED_STEP, refundSentence, type PackingRefundWay } from '@/domain/packing';
import type { Cents } from '@/domain/money';
import { shortOrderId } from '@/domain/order-status';
import { toE164Phone } from '@/domain/phone';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { escapeHtml } from '../../infra/http/html';
import type { MailMessage } from '../../infra/mail/mailer';

export interface QueuedPackedMessage {
  orderId: string;
  smsId: string | null;
  mailId: string | null;
}

type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'customerName' | 'customerEmail' | 'customerPhone' | 'smsUpdates'>;

const packedKey = (orderId: string) => `${orderId}:${PACKED_STEP}`;

function packedMail(input: {
  shopName: string;
  publicUrl: string;
  order: OrderRow;
  changes: readonly string[];
  totalCents: Cents;
  way?: PackingRefundWay;
}): MailMessage {
  const ref = shortOrderId(input.order.id);
  const greeting = input.order.customerName ? `Hello ${input.order.customerName},` : 'Hello,';
  const intro = `Your order #${ref} is packed. Some items changed:`;
  const refund = refundSentence(input.totalCents, input.way);
  const ordersUrl = `${input.publicUrl}/orders`;
  const text = [
    greeting,
    '',
    intro,
    ...input.changes.map((c) => `- ${c}`),
    '',
    ...(refund ? [refund, ''] : []),
    `Your orders: ${ordersUrl}`,
    '',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${input.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>
${refund ? `<p>${escapeHtml(refund)}</p>\n` : ''}<p><a href="${escapeHtml(ordersUrl)}">See your orders</a></p>`;
  return {
    to: input.order.customerEmail,
    subject: `Order #${ref} is packed, with changes - ${input.shopName}`,
    text,
    html,
    orderId: input.order.id,
    dedupeKey: packedKey(input.order.id),
  };
}

/** Queues the SMS and the mail in the caller's transaction (none when nothing changed). */
export async function queuePackedMessage(
  ctx: ServerContext,
  tx: DbOrTx,
  order: OrderRow,
  packing: { changes: readonly string[]; smsChanges: readonly string[]; totalCents: Cents; way?: PackingRefundWay },
): Promise<QueuedPackedMessage | null> {
  if (packing.changes.length === 0) return null;
  const shop = { shopName: ctx.env.SHOP_NAME, publicUrl: ctx.env.PUBLIC_URL };
  const to = toE164Phone(order.customerPhone);
  const smsId =
    order.smsUpdates && to
      ? await ctx.sms.enqueue(tx, {
          orderId: order.id,
          step: PACKED_STEP,
          to,
          message: packedSms({ ...shop, orderId: order.id, changes: packing.smsChanges, totalCents: packing.totalCents, way: packing.way }),
          dedupeKey: packedKey(order.id),
        })
      : null;
  const mailId = await ctx.mailer.enqueue(tx, packedMail({ ...shop, order, ...packing }));
  return { orderId: order.id, smsId, mailId };
}

/** After the commit: tries to send them now; a failure is left to the SMS and mail jobs' retries. */
export async function deliverPackedMessage(ctx: ServerContext, queued: QueuedPackedMessage | null): Promise<void> {
  if (!queued) return;
  const { orderId, smsId, mailId } = queued;
  if (smsId)
    await ctx.sms.deliver(smsId).catch((err: unknown) => ctx.logger.error({ err, orderId }, 'packed SMS failed; the SMS job retries it'));
  if (mailId)
    await ctx.mailer
      .deliver(mailId)
      .catch((err: unknown) => ctx.logger.error({ err, orderId }, 'packed mail failed; the mail job retries it'));
}

/** Queues the message in a transaction of its own (the order read afresh), then tries to send it. */
export async function sendPackedMessage(
  ctx: ServerContext,
  orderId: string,
  packing: { changes: readonly string[]; smsChanges: readonly string[]; totalCents: Cents; way: PackingRefundWay },
): Promise<void> {
  const queued = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return order ? queuePackedMessage(ctx, tx, order, packing) : null;
  });
  await deliverPackedMessage(ctx, queued);
}

/** The customer's message as a sentence, for the packing screen's answer. */
export const packedText = (orderId: string, packing: { changes: readonly string[]; totalCents: Cents }, way?: PackingRefundWay) =>
  packedMessage(orderId, packing.changes, packing.totalCents, way);
