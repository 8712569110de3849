// The mail a customer gets at each order step after the confirmation (which is the 'paid' mail).
import { formatKES, type Cents } from '@/domain/money';
import { shortOrderId } from '@/domain/order-status';
import type { OrderUpdateStep } from '@/domain/order-sms';
import { escapeHtml } from '../../infra/http/html';
import type { MailMessage } from '../../infra/mail/mailer';

export interface OrderUpdateMailInput {
  step: Exclude<OrderUpdateStep, 'paid'>;
  shopName: string;
  publicUrl: string;
  order: { id: string; customerName: string; customerEmail: string };
  amountCents?: Cents;
  /** Told apart from other messages of the same step (the refunded payment's id). */
  key?: string;
  /** The shop's phone from its details, for the rider's arrival; empty when the merchant set none. */
  shopPhone?: string;
  /** Why part of the order was refunded ('part_refunded'). */
  reason?: string;
  /** 'out_for_delivery': the rider bringing the order; 'out_for_delivery', 'ready_for_pickup' and 'confirmed': the chosen window. */
  rider?: { name: string; phone: string } | null;
  deliveryWindow?: string;
  /** 'ready_for_pickup': the pick-up address and instructions. */
  pickupAt?: string;
}

/** Who brings the order and when, for 'out_for_delivery'. */
function onTheWay(input: OrderUpdateMailInput): string {
  const rider = input.rider ? ` ${input.rider.name} is bringing it; their phone is ${input.rider.phone}.` : '';
  const when = input.deliveryWindow ? ` Delivery window: ${input.deliveryWindow}.` : '';
  const phone = input.shopPhone?.trim() ? ` If you need us, call ${input.shopPhone.trim()}.` : '';
  return `${rider}${when}${phone}`;
}

const SUBJECTS: Readonly<Record<OrderUpdateMailInput['step'], string>> = {
  confirmed: 'is confirmed: pay on delivery',
  out_for_delivery: 'is out for delivery',
  ready_for_pickup: 'is ready for pick-up',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
  refunded: 'has been cancelled and refunded',
  payment_refunded: 'was paid twice: the extra payment has been refunded',
  part_refunded: 'has been partly refunded',
};

/** '<order id>:<step>' (and ':<key>' for a step that may come more than once, one per payment). */
export function orderUpdateKey(orderId: string, step: OrderUpdateStep, key?: string): string {
  return `${orderId}:${step}${key ? `:${key}` : ''}`;
}

export function orderUpdateMail(input: OrderUpdateMailInput): MailMessage {
  const ref = shortOrderId(input.order.id);
  const amount = input.amountCents !== undefined ? formatKES(input.amountCents) : null;
  const sentences: Record<OrderUpdateMailInput['step'], string> = {
    confirmed: `Your order #${ref} is confirmed. Please pay ${amount ?? 'the total'} to the rider when it arrives, by M-Pesa or in cash.${input.deliveryWindow ? ` Delivery window: ${input.deliveryWindow}.` : ''}`,
    out_for_delivery: `Your order #${ref} is on its way.${onTheWay(input)} Please keep your phone on so the rider can reach you.`,
    ready_for_pickup: `Your order #${ref} is ready for pick-up${input.pickupAt ? ` at ${input.pickupAt}` : ''}${input.deliveryWindow ? `, ${input.deliveryWindow}` : ''}.`,
    delivered: `Your order #${ref} has been delivered. Thank you for shopping with us.`,
    cancelled: `Your order #${ref}${amount ? ` (${amount})` : ''} has been cancelled. You have not been charged.`,
    refunded: `Your order #${ref} has been cancelled and ${amount ?? 'your payment'} has been refunded to you. It can take a few days to reach your account.`,
    payment_refunded: `Order #${ref} was paid twice. The extra payment of ${amount ?? 'your payment'} has been refunded to you; your order goes ahead. It can take a few days to reach your account.`,
    part_refunded: `${amount ?? 'Part of your payment'} has been refunded for order #${ref}${input.reason?.trim() ? `: ${input.reason.trim()}` : '.'} It can take a few days to reach your account.`,
  };
  const greeting = input.order.customerName ? `Hello ${input.order.customerName},` : 'Hello,';
  const ordersUrl = `${input.publicUrl}/orders`;
  const text = [greeting, '', sentences[input.step], '', `Your orders: ${ordersUrl}`, ''].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(sentences[input.step])}</p>
<p><a href="${escapeHtml(ordersUrl)}">See your orders</a></p>`;
  return {
    to: input.order.customerEmail,
    subject: `Order #${ref} ${SUBJECTS[input.step]} - ${input.shopName}`,
    text,
    html,
    orderId: input.order.id,
    dedupeKey: orderUpdateKey(input.order.id, input.step, input.key),
  };
}
