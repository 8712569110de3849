// The owner's SMS and mail when Pesapal rejected a refund the shop asked for, queued in the
// transaction that records the rejection (payments/refund-settlement.ts): one per recipient and
// refund, sent after the commit or by the outbox jobs.
import { refundRejectedNoticeMail, refundRejectedNoticeSms, type RefundRejectedNotice } from '@/domain/merchant-notices';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { loadMerchantNotices } from './merchant-notices.service';
import type { QueuedMerchantNotices } from './paid-order-notice';

const noticeKey = (refundId: string, to: string) => `${refundId}:owner_refund_rejected:${to}`;

export async function queueRefundRejectedNotices(
  ctx: ServerContext,
  tx: Tx,
  refundId: string,
  notice: RefundRejectedNotice,
): Promise<QueuedMerchantNotices> {
  const queued: QueuedMerchantNotices = { smsIds: [], mailIds: [] };
  const { phones, emails } = await loadMerchantNotices(tx);
  const sms = refundRejectedNoticeSms(ctx.env.SHOP_NAME, notice);
  for (const to of phones) {
    const id = await ctx.sms.enqueue(tx, {
      orderId: notice.orderId,
      step: 'owner_refund_rejected',
      to,
      message: sms,
      dedupeKey: noticeKey(refundId, to),
    });
    if (id) queued.smsIds.push(id);
  }
  const mail = refundRejectedNoticeMail(ctx.env.SHOP_NAME, notice, `${ctx.env.PUBLIC_URL}/admin/orders/${notice.orderId}`);
  for (const to of emails) {
    const id = await ctx.mailer.enqueue(tx, { ...mail, to, orderId: notice.orderId, dedupeKey: noticeKey(refundId, to) });
    if (id) queued.mailIds.push(id);
  }
  return queued;
}
