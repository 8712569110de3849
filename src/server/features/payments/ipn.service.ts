// Pesapal's Instant Payment Notification. It carries no status and no signature (docs/pesapal.md), so
// it is only a hint: count it, ask GetTransactionStatus (at most once per tracking id per few
// seconds, never twice at once), apply, acknowledge with Pesapal's JSON.
import type { ServerContext } from '../../context';
import type { IpnAcknowledgement, OrderNotificationType } from '../../integrations/pesapal/pesapal-types';
import { claimStatusCheck, recordIpn, requestRecheck, setNoticeOutcome } from './ipn-notices';
import { scheduleRecheck } from './ipn-rechecks';
import { checkStatus } from './ipn-status-check';
import { describeResult, isKnownTrackingId } from './payment-refresh.service';

export interface PaymentNotice {
  trackingId: string;
  merchantReference: string;
  notificationType: string;
}

/** 'OrderTrackingId', 'orderTrackingId', 'order_tracking_id' … all read the same. */
function normaliseKey(key: string): string {
  return key.replace(/[_-]/g, '').toLowerCase();
}

/** The notification's three values from any of the sources (query, JSON body, form body), first found wins. */
export function readNotice(sources: readonly Record<string, unknown>[]): PaymentNotice {
  const pick = (name: string): string => {
    const wanted = normaliseKey(name);
    for (const source of sources) {
      for (const [key, value] of Object.entries(source)) {
        if (normaliseKey(key) === wanted && (typeof value === 'string' || typeof value === 'number')) {
          const text = String(value).trim();
          if (text !== '') return text.slice(0, 200);
        }
      }
    }
    return '';
  };
  return {
    trackingId: pick('OrderTrackingId'),
    merchantReference: pick('OrderMerchantReference'),
    notificationType: pick('OrderNotificationType'),
  };
}

export interface IpnAnswer {
  httpStatus: 200 | 400 | 500;
  body: IpnAcknowledgement;
}

const NOTIFICATION_TYPES: readonly OrderNotificationType[] = ['IPNCHANGE', 'CALLBACKURL', 'RECURRING'];

export async function handleIpn(
  ctx: ServerContext,
  input: { method: string; notice: PaymentNotice; raw: unknown; ours?: boolean },
): Promise<IpnAnswer> {
  const { notice } = input;
  const type = NOTIFICATION_TYPES.find((t) => t === notice.notificationType.toUpperCase()) ?? 'IPNCHANGE';
  const ack = (status: 200 | 500): IpnAcknowledgement => ({
    orderNotificationType: type,
    orderTrackingId: notice.trackingId,
    orderMerchantReference: notice.merchantReference,
    status,
  });
  // The payload is kept for our own payments only: anyone can call this address, and a stranger's
  // notices keep just their short fields (pruned a week after the last one, see pruneStrangerNotices).
  const ours = input.ours ?? (notice.trackingId !== '' && (await isKnownTrackingId(ctx, notice.trackingId)));
  const noticeId = await recordIpn(ctx, { method: input.method, ...notice, raw: ours ? input.raw : {} });
  if (!notice.trackingId) {
    await setNoticeOutcome(ctx, noticeId, 'invalid: no OrderTrackingId');
    return { httpStatus: 400, body: ack(500) };
  }
  if (!ours) {
    // Already known not to be ours: acknowledged without asking Pesapal (or the database) again.
    await setNoticeOutcome(ctx, noticeId, describeResult({ outcome: 'unknown', orderId: null, status: null }));
    return { httpStatus: 200, body: ack(200) };
  }
  const claimed = await claimStatusCheck(ctx, notice.trackingId);
  if (!claimed) {
    // A repeat while a check is recent or in flight: acknowledged without asking Pesapal again. It
    // may report a real change, so one check follows when the window ends (one, however many came).
    const at = await requestRecheck(ctx, noticeId);
    if (at) scheduleRecheck(ctx, notice.trackingId, at);
    return { httpStatus: 200, body: ack(200) };
  }
  return (await checkStatus(ctx, claimed, notice.trackingId)) ? { httpStatus: 200, body: ack(200) } : { httpStatus: 500, body: ack(500) };
}
