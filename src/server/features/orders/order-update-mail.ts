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
}

const SUBJECTS: Readonly<Record<OrderUpdateMailInput['step'], string>> = {
  out_for_delivery: 'is out for delivery',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
  refunded: 'has been cancelled and refunded',
  payment_refunded: 'was paid twice: the extra payment has been refunded',
};

/** '<order id>:<step>' (and ':<key>' for a step that may come more than once, one per payment). */
export function orderUpdateKey(orderId: string, step: OrderUpdateStep, key?: string): string {
  return `${orderId}:${step}${key ? `:${key}` : ''}`;
}

export function orderUpdateMail(input: OrderUpdateMailInput): MailMessage {
  const ref = shortOrderId(input.order.id);
  const amount = input.amountCents !== undefined ? formatKES(input.amountCents) : null;
  const phone = input.shopPhone?.trim() ? ` If you need us, call ${input.shopPhone.trim()}.` : '';
  const sentences: Record<OrderUpdateMailInput['step'], string> = {
    out_for_delivery: `Your order #${ref} is on its way. Please keep your phone on so the rider can reach you.${phone}`,
    delivered: `Your order #${ref} has been delivered. Thank you for shopping with us.`,
    cancelled: `Your order #${ref}${amount ? ` (${amount})` : ''} has been cancelled. You have not been charged.`,
    refunded: `Your order #${ref} has been cancelled and ${amount ?? 'your payment'} has been refunded to you. It can take a few days to reach your account.`,
    payment_refunded: `Order #${ref} was paid twice. The extra payment of ${amount ?? 'your payment'} has been refunded to you; your order goes ahead. It can take a few days to reach your account.`,
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
