// Tells the customer about a step of their order: an SMS (when they said yes to SMS updates) and a
// mail ('paid' mail is the order confirmation, queued by the payments feature). Both are queued in
// the caller's transaction, the one that changes the order, with the key '<order id>:<step>', so a
// step is never queued twice; they are sent after the commit, or by the mail and SMS jobs.
import { eq } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { orderUpdateSms, type OrderUpdateStep } from '@/domain/order-sms';
import { toE164Phone } from '@/domain/phone';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { riderContact } from './order-rider';
import { loadShopDetails } from '../content/shop-details.service';
import { orderDeliveryWindow } from '../delivery/delivery-slots.service';
import { loadPickupSettings } from '../delivery/pickup-settings.service';
import { orderUpdateKey, orderUpdateMail } from './order-update-mail';
import { kickTaxInvoices } from '../tax-invoices/tax-invoice-sender';
import { deliverMerchantNotices, type QueuedMerchantNotices } from '../merchant-notices/paid-order-notice';

export interface QueuedOrderUpdate {
  orderId: string;
  smsId: string | null;
  mailId: string | null;
  /** A tax invoice queued with the step (a sale when paid, a credit note when refunded). */
  taxInvoiceId?: string | null;
  /** The owner's SMS and mail about a paid order. */
  merchant?: QueuedMerchantNotices;
  /** The rider's 'do not deliver' SMS, when a stop on their list was cancelled. */
  riderSmsIds?: string[];
}

export async function queueOrderUpdate(
  ctx: ServerContext,
  db: DbOrTx,
  orderId: string,
  step: OrderUpdateStep,
  opts: { amountCents?: Cents; key?: string; reason?: string } = {},
): Promise<QueuedOrderUpdate> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { orderId, smsId: null, mailId: null };
  const amountCents = opts.amountCents ?? (step === 'cancelled' || step === 'paid' || step === 'confirmed' ? order.totalAmount : undefined);

  // Out for delivery: who brings it (the rider, else the shop's phone) and when, in both messages.
  const onTheWay = step === 'out_for_delivery' ? await onTheWayDetails(db, order.riderId) : null;
  const window =
    step === 'paid' || step === 'confirmed' || step === 'out_for_delivery' || step === 'ready_for_pickup'
      ? (await orderDeliveryWindow(db, orderId))?.label
      : undefined;
  const pickupAt = step === 'ready_for_pickup' ? (await loadPickupSettings(db)).instructions : undefined;

  let smsId: string | null = null;
  const to = toE164Phone(order.customerPhone);
  if (order.smsUpdates && to) {
    const message = orderUpdateSms({
      step,
      shopName: ctx.env.SHOP_NAME,
      publicUrl: ctx.env.PUBLIC_URL,
      orderId,
      amountCents,
      deliveryWindow: window,
      rider: onTheWay?.rider,
      shopPhone: onTheWay?.shopPhone,
      reason: opts.reason,
      pickupAt,
      locale: order.locale,
    });
    smsId = await ctx.sms.enqueue(db, { orderId, step, to, message, dedupeKey: orderUpdateKey(orderId, step, opts.key) });
  }

  let mailId: string | null = null;
  if (step !== 'paid') {
    mailId = await ctx.mailer.enqueue(
      db,
      orderUpdateMail({
        step,
        shopName: ctx.env.SHOP_NAME,
        publicUrl: ctx.env.PUBLIC_URL,
        order,
        amountCents,
        key: opts.key,
        shopPhone: onTheWay?.shopPhone,
        rider: onTheWay?.rider,
        deliveryWindow: step === 'out_for_delivery' || step === 'ready_for_pickup' || step === 'confirmed' ? window : undefined,
        reason: opts.reason,
        pickupAt,
        locale: order.locale,
      }),
    );
  }
  return { orderId, smsId, mailId };
}

/** The order's rider (when they have a phone to give) and the shop's phone. */
async function onTheWayDetails(
  db: DbOrTx,
  riderId: string | null,
): Promise<{ rider: { name: string; phone: string } | null; shopPhone: string }> {
  const shopPhone = (await loadShopDetails(db)).phone;
  const rider = riderId ? await riderContact(db, riderId) : null;
  return { rider: rider?.phone ? { name: rider.name, phone: rider.phone } : null, shopPhone };
}

/** After the commit: tries to send what was queued now; a failure is left to the jobs' retries. */
export async function deliverOrderUpdate(ctx: ServerContext, queued: QueuedOrderUpdate | null | undefined): Promise<void> {
  if (!queued) return;
  const { orderId, smsId, mailId } = queued;
  // KRA is reached in the background: a slow or absent KRA never holds up the order's answer.
  if (queued.taxInvoiceId) kickTaxInvoices(ctx);
  for (const id of [smsId, ...(queued.riderSmsIds ?? [])]) {
    if (id)
      await ctx.sms.deliver(id).catch((err: unknown) => ctx.logger.error({ err, orderId }, 'order SMS failed; the SMS job retries it'));
  }
  if (mailId) {
    await ctx.mailer
      .deliver(mailId)
      .catch((err: unknown) => ctx.logger.error({ err, orderId }, 'order mail failed; the mail job retries it'));
  }
  if (queued.merchant) await deliverMerchantNotices(ctx, queued.merchant);
}
