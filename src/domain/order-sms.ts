// The SMS a customer gets at each step of an order. Each is one SMS: at most 160 characters of the
// GSM 7-bit default alphabet (a character outside it would switch the whole message to UCS-2 and
// cut it to 70 characters, or split it in two). The only link is to the shop's own PUBLIC_URL.
import { formatKES, type Cents } from './money';
import { shortOrderId } from './order-status';
import type { Locale } from './locale';
import { domainCatalogue, type DomainText } from './i18n/domain-text';
import en from './i18n/catalogues/order-sms.en.json';
import sw from './i18n/catalogues/order-sms.sw.json';

const smsText = domainCatalogue({ en, sw });
type SmsText = DomainText<keyof typeof en>;

/**
 * The order steps a customer hears about; 'paid' mail is the order confirmation. 'refunded': the
 * order is cancelled and its payment refunded; 'payment_refunded': a payment the order did not need
 * (paid twice) is refunded and the order goes on; 'part_refunded': part of the order is refunded
 * (the merchant's partial refund, once made) and the order goes on; 'confirmed': an order to be paid
 * on delivery is confirmed without payment, and says what the rider will collect.
 */
export const ORDER_UPDATE_STEPS = [
  'paid',
  'confirmed',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'cancelled',
  'refunded',
  'payment_refunded',
  'part_refunded',
] as const;
export type OrderUpdateStep = (typeof ORDER_UPDATE_STEPS)[number];

export const ORDER_UPDATE_STEP_LABELS: Readonly<Record<OrderUpdateStep, string>> = Object.freeze({
  paid: 'Payment received',
  confirmed: 'Confirmed, to pay on delivery',
  out_for_delivery: 'Out for delivery',
  ready_for_pickup: 'Ready for pick-up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  payment_refunded: 'Extra payment refunded',
  part_refunded: 'Part refunded',
});

export const isOrderUpdateStep = (v: unknown): v is OrderUpdateStep =>
  typeof v === 'string' && (ORDER_UPDATE_STEPS as readonly string[]).includes(v);

export const SMS_MAX_LENGTH = 160;

/** The GSM 03.38 default alphabet (without the escape to its extension table). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7_BASIC.has(ch)) return false;
  return true;
}

const LOOKALIKES: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '`': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '\u00a0': ' ',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '~': '-',
  '|': '/',
  '\\': '/',
  '^': "'",
  '€': 'EUR',
};

/**
 * The text in the GSM default alphabet wherever it can be: look-alikes for common marks, a letter
 * with a mark outside the alphabet as its plain letter (Wanjirũ → Wanjiru, Kamaũ → Kamau), and
 * symbols without a look-alike (an emoji) left out. Never a '?' for a character a phone could show:
 * a letter of another script has no GSM form and is kept, so that message goes as Unicode (UCS-2).
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (GSM7_BASIC.has(ch)) out += ch;
    else if (LOOKALIKES[ch] !== undefined) out += LOOKALIKES[ch];
    else {
      const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (plain && [...plain].every((c) => GSM7_BASIC.has(c))) out += plain;
      else if (/[\p{L}\p{N}]/u.test(ch)) out += ch;
    }
  }
  // A symbol left out between two spaces leaves one space.
  return out.replace(/ {2,}/g, ' ');
}

export interface OrderSmsInput {
  step: OrderUpdateStep;
  shopName: string;
  /** The shop's own address (PUBLIC_URL, no trailing slash): the only link an SMS carries. */
  publicUrl: string;
  orderId: string;
  /** The amount paid, cancelled or refunded. */
  amountCents?: Cents;
  /** The chosen delivery window, 'Thu 27 Nov, 10:00–12:00' (formatSlot), for 'paid' and 'out_for_delivery'. */
  deliveryWindow?: string;
  /** Why part of the order was refunded, as the merchant wrote it ('part_refunded'). */
  reason?: string;
  /** 'out_for_delivery': the rider bringing it, so the customer knows whom to expect and call. */
  rider?: { name: string; phone: string } | null;
  /** 'out_for_delivery' without a rider: the shop's phone from its details ('' when none is set). */
  shopPhone?: string;
  /** 'ready_for_pickup': where to collect it, the pick-up address and instructions the owner set. */
  pickupAt?: string;
  /** The language the order was placed in (English when left out). */
  locale?: Locale;
}

/** The most of a rider's name an SMS carries, so their phone and the window always fit. */
const RIDER_NAME_ROOM = 20;

/** 'Rider: Otieno Ouma, +254733000111.' or, without a rider, 'Questions? Call +254700000000.' ('' for neither). */
function onTheWayContact(input: OrderSmsInput, t: SmsText): string {
  if (input.rider) return t('rider', { name: input.rider.name.trim().slice(0, RIDER_NAME_ROOM).trim(), phone: input.rider.phone });
  return input.shopPhone?.trim() ? t('callShop', { phone: input.shopPhone.trim() }) : '';
}

/** The room a refund's reason may take in its SMS, beside the amount, the order and the link. */
const REASON_ROOM = 60;

/** The reason cut to its room at a word, marked with '...' when cut. */
function clippedReason(reason: string, room = REASON_ROOM): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  if (text.length <= room) return text;
  const cut = text.slice(0, room - 3);
  const word = cut.lastIndexOf(' ');
  return `${(word > room / 2 ? cut.slice(0, word) : cut).trimEnd()}...`;
}

function body(input: OrderSmsInput, t: SmsText): string {
  const ref = `#${shortOrderId(input.orderId)}`;
  const amount = input.amountCents !== undefined ? formatKES(input.amountCents) : null;
  const delivery = input.deliveryWindow ? t('delivery', { window: input.deliveryWindow }) : '';
  switch (input.step) {
    case 'paid':
      return [amount ? t('paidAmount', { amount, ref }) : t('paid', { ref }), delivery].filter(Boolean).join(' ');
    case 'confirmed':
      return t('confirmed', { ref, amount: amount ?? t('theTotal') });
    case 'out_for_delivery': {
      const contact = onTheWayContact(input, t);
      if (!contact && !delivery) return t('outForDeliveryKeepPhone', { ref });
      return [t('outForDelivery', { ref }), contact, delivery].filter(Boolean).join(' ');
    }
    case 'ready_for_pickup':
      return t('readyForPickup', { ref });
    case 'delivered':
      return t('delivered', { ref });
    case 'cancelled':
      return amount ? t('cancelledAmount', { ref, amount }) : t('cancelled', { ref });
    case 'refunded':
      return t('refunded', { ref, amount: amount ?? t('yourPayment') });
    case 'payment_refunded':
      return t('paymentRefunded', { ref, amount: amount ?? t('payment') });
    case 'part_refunded': {
      const why = input.reason ? clippedReason(toGsm7(input.reason)) : '';
      const refunded = amount ?? t('partOfPayment');
      return why ? t('partRefundedWhy', { amount: refunded, ref, why }) : t('partRefunded', { amount: refunded, ref });
    }
  }
}

/** The order's own page, by its short reference: the link an order's SMS carries, short enough for one SMS. */
const orderPagePath = (orderId: string) => `/orders/${shortOrderId(orderId)}`;

/**
 * 'Lake Victoria Aquaculture: order #1a2b3c4d is ready for pick-up at <where>, <window>.': where and
 * when are the message, so it carries no link; a long address gives way (cut at a word) before the
 * window, the shop's name or the order's number.
 */
function readyForPickupSms(input: OrderSmsInput, t: SmsText): string {
  const name = toGsm7(input.shopName.trim()).slice(0, 40).trim();
  const ref = `#${shortOrderId(input.orderId)}`;
  const when = input.deliveryWindow ? `, ${toGsm7(input.deliveryWindow)}` : '';
  const where = toGsm7((input.pickupAt ?? '').trim().replace(/\s+/g, ' '));
  const head = `${name ? `${name}: ` : ''}${t('pickupHead', { ref })}`;
  const atWords = t('pickupAt', { place: '' });
  const room = SMS_MAX_LENGTH - head.length - 1 - atWords.length - when.length - 1;
  const at = where && room >= 8 ? ` ${t('pickupAt', { place: clippedReason(where, room) })}` : '';
  return `${head}${at}${when}.`.slice(0, SMS_MAX_LENGTH);
}

/** The SMS for one order step: '<shop>: <what happened> <PUBLIC_URL>/orders/<ref>', one GSM-7 SMS. */
export function orderUpdateSms(input: OrderSmsInput): string {
  const t = smsText(input.locale ?? 'en');
  if (input.step === 'ready_for_pickup') return readyForPickupSms(input, t);
  const text = toGsm7(body(input, t));
  const link = `${input.publicUrl}${orderPagePath(input.orderId)}`;
  const named = (room: number) => {
    const name = toGsm7(input.shopName.trim()).slice(0, Math.max(0, room)).trim();
    return name ? `${name}: ${text}` : text;
  };
  // The shop name gives way first (a long name is cut), then the link is left out.
  const withLink = `${named(SMS_MAX_LENGTH - text.length - 2 - link.length - 1)} ${link}`;
  return isGsm7(link) && withLink.length <= SMS_MAX_LENGTH ? withLink : named(SMS_MAX_LENGTH - text.length - 2).slice(0, SMS_MAX_LENGTH);
}
