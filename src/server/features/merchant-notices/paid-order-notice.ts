// The owner's SMS and mail for a paid order, queued by the 'paid' transition in its transaction
// (features/orders/order-transitions.ts): one per recipient and order, whoever applies the payment
// and however often (the outboxes' dedupe keys), sent after the commit or by the outbox jobs.
import { eq } from 'drizzle-orm';
import { deliverySlot } from '@/domain/delivery-slot';
import { paidOrderNoticeMail, paidOrderNoticeSms, type PaidOrderNotice } from '@/domain/merchant-notices';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { orderDeliveryWindow } from '../delivery/delivery-slots.service';
import { loadMerchantNotices } from './merchant-notices.service';

export interface QueuedMerchantNotices {
  smsIds: string[];
  mailIds: string[];
}

const noticeKey = (orderId: string, to: string) => `${orderId}:owner_paid:${to}`;

export async function queuePaidOrderNotices(ctx: ServerContext, tx: Tx, orderId: string): Promise<QueuedMerchantNotices> {
  const queued: QueuedMerchantNotices = { smsIds: [], mailIds: [] };
  const { phones, emails } = await loadMerchantNotices(tx);
  if (phones.length === 0 && emails.length === 0) return queued;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return queued;
  const window = await orderDeliveryWindow(tx, orderId);
  const notice: PaidOrderNotice = {
    orderId,
    customerName: order.customerName,
    totalCents: order.totalAmount,
    area: order.deliveryZoneName,
    // The chosen window ('Fri 27 Nov, 10:00–12:00'), or when it is expected without one.
    deliveryTime: deliverySlot({ paidAt: order.paidAt ?? ctx.now(), estimatedDeliveryMins: order.estimatedDeliveryMins, window }).label,
    payOnDelivery: order.status === 'confirmed',
  };
  const sms = paidOrderNoticeSms(ctx.env.SHOP_NAME, notice);
  for (const to of phones) {
    const id = await ctx.sms.enqueue(tx, { orderId, step: 'owner_paid', to, message: sms, dedupeKey: noticeKey(orderId, to) });
    if (id) queued.smsIds.push(id);
  }
  const mail = paidOrderNoticeMail(ctx.env.SHOP_NAME, notice, `${ctx.env.PUBLIC_URL}/admin/orders/${orderId}`);
  for (const to of emails) {
    const id = await ctx.mailer.enqueue(tx, { ...mail, to, orderId, dedupeKey: noticeKey(orderId, to) });
    if (id) queued.mailIds.push(id);
  }
  return queued;
}

/** After the commit: tries to send them now; a failure is left to the outbox jobs' retries. */
export async function deliverMerchantNotices(ctx: ServerContext, queued: QueuedMerchantNotices): Promise<void> {
  for (const id of queued.smsIds) {
    await ctx.sms.deliver(id).catch((err: unknown) => ctx.logger.error({ err }, 'merchant SMS failed; the SMS job retries it'));
  }
  for (const id of queued.mailIds) {
    await ctx.mailer.deliver(id).catch((err: unknown) => ctx.logger.error({ err }, 'merchant mail failed; the mail job retries it'));
  }
}
