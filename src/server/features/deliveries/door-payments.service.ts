// The rider at the door of an order to be paid on delivery: an M-Pesa prompt to the customer's phone
// (paid through the same confirmation as checkout's prompts), the code of the customer's own M-Pesa
// payment to the till, or cash; or the order refused there, cancelled with its goods back in stock.
// Each is the rider's own stop only, read under the order's lock, so two taps or two riders record
// one outcome.
import { eq } from 'drizzle-orm';
import { isMpesaCode, MPESA_CODE_MESSAGE, normaliseMpesaCode } from '@/domain/mpesa-code';
import { DOOR_PAYMENT_METHOD, PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import { maskPhone } from '@/domain/phone-mask';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, paymentTransactions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { lockAttemptsOf } from '../payments/attempt-writes';
import { nextMerchantReference } from '../payments/payment-attempt.service';
import { refuseWhileMpesaPromptOpen } from '../payments/mpesa/mpesa-prompt-open';
import { sendDoorPrompt, type MpesaPrompt } from '../payments/mpesa/mpesa-attempt.service';
import { transitionOrder } from '../orders/order-transitions';
import { deliverOrderUpdate } from '../orders/order-updates.service';
import { stopAwaitingOutcome } from './deliveries-actions.service';

const NOT_YOUR_STOP = 'This stop is not on your list.';

export type DoorPayment = { method: 'cash' } | { method: 'mpesa_code'; code: string };

/** The rider's M-Pesa prompt for their own stop, to the number the customer gives. */
export async function promptAtDoor(ctx: ServerContext, actor: AdminActor, orderId: string, phone: string): Promise<MpesaPrompt> {
  const [order] = await ctx.db.select({ riderId: orders.riderId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.riderId !== actor.userId) throw notFound(NOT_YOUR_STOP);
  if (order.status === 'completed') throw conflict(PAY_ON_DELIVERY_MESSAGES.alreadyPaid(orderId));
  if (order.status !== 'confirmed') throw conflict(PAY_ON_DELIVERY_MESSAGES.notConfirmed(orderId));
  const prompt = await sendDoorPrompt(ctx, orderId, phone, actor.userId);
  await auditAdmin(ctx.db, actor, {
    action: 'ORDER_DOOR_PROMPT',
    tableName: 'orders',
    recordId: orderId,
    details: { to: prompt.phoneDisplay, checkoutRequestId: prompt.checkoutRequestId },
  });
  return prompt;
}

/**
 * The money taken at the door: a payment of the order's total by cash or by the customer's own
 * M-Pesa payment (its code, once only), which pays the order and declares its tax invoice.
 */
export async function recordDoorPayment(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  payment: DoorPayment,
): Promise<{ status: 'completed'; method: 'Cash' | 'M-Pesa' }> {
  const code = payment.method === 'mpesa_code' ? normaliseMpesaCode(payment.code) : null;
  if (code !== null && !isMpesaCode(code)) throw badRequest(MPESA_CODE_MESSAGE, { code: MPESA_CODE_MESSAGE });
  const method = DOOR_PAYMENT_METHOD[payment.method];
  const update = await ctx.db.transaction(async (tx) => {
    const order = await doorStop(tx, actor, orderId);
    // A prompt still open may yet be paid: one way of paying at a time.
    await refuseWhileMpesaPromptOpen(tx, orderId, actor.at, ctx.env.MPESA_PROMPT_SECONDS);
    if (code !== null && (await codeUsed(tx, code)))
      throw conflict(PAY_ON_DELIVERY_MESSAGES.codeUsed, { code: PAY_ON_DELIVERY_MESSAGES.codeUsed });
    const merchantReference = await recordPayment(tx, order, { method, code, riderId: actor.userId, at: actor.at });
    const { update } = await transitionOrder(ctx, tx, {
      order,
      event: 'paid_on_delivery',
      at: actor.at,
      set: { paidAt: actor.at, pesapalTransactionId: merchantReference },
    });
    await auditAdmin(tx, actor, {
      action: 'ORDER_PAID_AT_DOOR',
      tableName: 'orders',
      recordId: orderId,
      details: { method, amountCents: order.totalAmount, ...(code ? { code } : {}) },
    });
    return update;
  });
  await deliverOrderUpdate(ctx, update);
  return { status: 'completed', method };
}

/** Refused at the door: cancelled unpaid, its goods back in stock, its window's place free. */
export async function refuseAtDoor(
  ctx: ServerContext,
  actor: AdminActor,
  orderId: string,
  reason: string,
): Promise<{ status: 'cancelled' }> {
  const why = reason.trim();
  if (!why) throw badRequest(PAY_ON_DELIVERY_MESSAGES.refusedReason, { reason: PAY_ON_DELIVERY_MESSAGES.refusedReason });
  const update = await ctx.db.transaction(async (tx) => {
    const order = await doorStop(tx, actor, orderId);
    await refuseWhileMpesaPromptOpen(tx, orderId, actor.at, ctx.env.MPESA_PROMPT_SECONDS);
    const { update } = await transitionOrder(ctx, tx, {
      order,
      event: 'cancelled_unpaid',
      at: actor.at,
      returnedBy: actor.userId,
      riderKnows: true,
      set: {
        cancelledReason: `Refused at the door: ${why}`,
        needsAttention: true,
        attentionReason: `Refused at the door: ${why}. The goods came back to stock.`,
      },
    });
    await auditAdmin(tx, actor, { action: 'ORDER_REFUSED_AT_DOOR', tableName: 'orders', recordId: orderId, details: { note: why } });
    return update;
  });
  await deliverOrderUpdate(ctx, update);
  return { status: 'cancelled' };
}

/** The rider's own stop, locked, still to be paid at the door (a cancelled or delivered one says so). */
async function doorStop(tx: Tx, actor: AdminActor, orderId: string) {
  const order = await stopAwaitingOutcome(tx, actor, orderId);
  if (order.status === 'completed') throw conflict(PAY_ON_DELIVERY_MESSAGES.alreadyPaid(orderId));
  if (order.status !== 'confirmed') throw conflict(PAY_ON_DELIVERY_MESSAGES.notConfirmed(orderId));
  return order;
}

/** An M-Pesa code seen before (a prompt's receipt, or a code typed at another door). */
async function codeUsed(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentTransactions.id, provider: paymentTransactions.provider })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.confirmationCode, code))
    .limit(1);
  return Boolean(row && row.provider !== 'pesapal');
}

/** The door payment's attempt, numbered like the order's other attempts; returns its merchant reference. */
async function recordPayment(
  tx: Tx,
  order: typeof orders.$inferSelect,
  input: { method: 'Cash' | 'M-Pesa'; code: string | null; riderId: string; at: Date },
): Promise<string> {
  const attempts = await lockAttemptsOf(tx, order.id);
  const merchantReference = await nextMerchantReference(tx, order.id);
  await attempts.insert({
    provider: 'door',
    status: 'COMPLETED',
    merchantReference,
    amount: order.totalAmount,
    currency: order.currency,
    customerPhone: order.customerPhone,
    customerPhoneDisplay: maskPhone(order.customerPhone),
    paymentMethod: input.method,
    confirmationCode: input.code,
    statusDescription: input.method === 'Cash' ? 'Paid in cash to the rider' : 'Paid by M-Pesa to the till, code typed by the rider',
    collectedBy: input.riderId,
    createdAt: input.at,
    updatedAt: input.at,
  });
  return merchantReference;
}
