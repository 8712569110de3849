// The mail a customer gets at each order step after the confirmation (which is the 'paid' mail).
import { formatKES, type Cents } from '@/domain/money';
import { shortOrderId } from '@/domain/order-status';
import type { OrderUpdateStep } from '@/domain/order-sms';
import { escapeHtml } from '../../infra/http/html';
import type { MailMessage } from '../../infra/mail/mailer';
import type { Locale } from '@/domain/locale';
import { domainCatalogue, type DomainText } from '@/domain/i18n/domain-text';
import en from '../../i18n/catalogues/order-mail.en.json';
import sw from '../../i18n/catalogues/order-mail.sw.json';

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
  /** The language the order was placed in (English when left out). */
  locale?: Locale;
}

const mailText = domainCatalogue({ en, sw });
type MailText = DomainText<keyof typeof en>;

/** Who brings the order and when, for 'out_for_delivery'. */
function onTheWay(input: OrderUpdateMailInput, t: MailText): string[] {
  return [
    input.rider ? t('riderBringing', { name: input.rider.name, phone: input.rider.phone }) : '',
    input.deliveryWindow ? t('deliveryWindow', { window: input.deliveryWindow }) : '',
    input.shopPhone?.trim() ? t('callUs', { phone: input.shopPhone.trim() }) : '',
  ];
}

const SUBJECTS = {
  confirmed: 'subjectConfirmed',
  out_for_delivery: 'subjectOutForDelivery',
  ready_for_pickup: 'subjectReadyForPickup',
  delivered: 'subjectDelivered',
  cancelled: 'subjectCancelled',
  refunded: 'subjectRefunded',
  payment_refunded: 'subjectPaymentRefunded',
  part_refunded: 'subjectPartRefunded',
} as const satisfies Record<OrderUpdateMailInput['step'], keyof typeof en>;

/** What happened, in a sentence or a few. */
function sentence(input: OrderUpdateMailInput, t: MailText, ref: string, amount: string | null): string {
  const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');
  switch (input.step) {
    case 'confirmed':
      return sentences(
        t('confirmed', { ref, amount: amount ?? t('theTotal') }),
        input.deliveryWindow ? t('deliveryWindow', { window: input.deliveryWindow }) : '',
      );
    case 'out_for_delivery':
      return sentences(t('onItsWay', { ref }), ...onTheWay(input, t), t('keepPhoneOn'));
    case 'ready_for_pickup': {
      const place = input.pickupAt;
      const window = input.deliveryWindow;
      if (place && window) return t('readyForPickupAtWhen', { ref, place, window });
      if (place) return t('readyForPickupAt', { ref, place });
      return window ? t('readyForPickupWhen', { ref, window }) : t('readyForPickup', { ref });
    }
    case 'delivered':
      return t('delivered', { ref });
    case 'cancelled':
      return amount ? t('cancelledAmount', { ref, amount }) : t('cancelled', { ref });
    case 'refunded':
      return t('refunded', { ref, amount: amount ?? t('yourPayment') });
    case 'payment_refunded':
      return t('paymentRefunded', { ref, amount: amount ?? t('yourPayment') });
    case 'part_refunded': {
      const why = input.reason?.trim();
      const refunded = amount ?? t('partOfPayment');
      return why ? t('partRefundedWhy', { amount: refunded, ref, why }) : t('partRefunded', { amount: refunded, ref });
    }
  }
}

/** '<order id>:<step>' (and ':<key>' for a step that may come more than once, one per payment). */
export function orderUpdateKey(orderId: string, step: OrderUpdateStep, key?: string): string {
  return `${orderId}:${step}${key ? `:${key}` : ''}`;
}

export function orderUpdateMail(input: OrderUpdateMailInput): MailMessage {
  const t = mailText(input.locale ?? 'en');
  const ref = shortOrderId(input.order.id);
  const amount = input.amountCents !== undefined ? formatKES(input.amountCents) : null;
  const said = sentence(input, t, ref, amount);
  const greeting = input.order.customerName ? t('helloName', { name: input.order.customerName }) : t('hello');
  const ordersUrl = `${input.publicUrl}/orders`;
  const text = [greeting, '', said, '', t('yourOrders', { url: ordersUrl }), ''].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(said)}</p>
<p><a href="${escapeHtml(ordersUrl)}">${escapeHtml(t('seeYourOrders'))}</a></p>`;
  return {
    to: input.order.customerEmail,
    subject: t('subject', { ref, what: t(SUBJECTS[input.step]), shop: input.shopName }),
    text,
    html,
    orderId: input.order.id,
    dedupeKey: orderUpdateKey(input.order.id, input.step, input.key),
  };
}
