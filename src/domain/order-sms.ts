// The SMS a customer gets at each step of an order. Each is one SMS: at most 160 characters of the
// GSM 7-bit default alphabet (a character outside it would switch the whole message to UCS-2 and
// cut it to 70 characters, or split it in two). The only link is to the shop's own PUBLIC_URL.
import { formatKES, type Cents } from './money';
import { shortOrderId } from './order-status';

/**
 * The order steps a customer hears about; 'paid' mail is the order confirmation. 'refunded': the
 * order is cancelled and its payment refunded; 'payment_refunded': a payment the order did not need
 * (paid twice) is refunded and the order goes on.
 */
export const ORDER_UPDATE_STEPS = ['paid', 'out_for_delivery', 'delivered', 'cancelled', 'refunded', 'payment_refunded'] as const;
export type OrderUpdateStep = (typeof ORDER_UPDATE_STEPS)[number];

export const ORDER_UPDATE_STEP_LABELS: Readonly<Record<OrderUpdateStep, string>> = Object.freeze({
  paid: 'Payment received',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  payment_refunded: 'Extra payment refunded',
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
  /** The chosen delivery window, 'Thu 27 Nov, 10:00–12:00' (formatSlot), for 'paid'. */
  deliveryWindow?: string;
}

function body(input: OrderSmsInput): string {
  const ref = `#${shortOrderId(input.orderId)}`;
  const amount = input.amountCents !== undefined ? formatKES(input.amountCents) : null;
  switch (input.step) {
    case 'paid':
      return `${amount ? `Payment of ${amount}` : 'Payment'} received for order ${ref}.${input.deliveryWindow ? ` Delivery: ${input.deliveryWindow}.` : ''}`;
    case 'out_for_delivery':
      return `Order ${ref} is out for delivery. Please keep your phone on so the rider can reach you.`;
    case 'delivered':
      return `Order ${ref} has been delivered. Thank you for shopping with us!`;
    case 'cancelled':
      return `Order ${ref}${amount ? ` (${amount})` : ''} has been cancelled. You have not been charged.`;
    case 'refunded':
      return `Order ${ref} is cancelled; ${amount ?? 'your payment'} has been refunded to you.`;
    case 'payment_refunded':
      return `You paid twice for order ${ref}: the extra ${amount ?? 'payment'} has been refunded to you.`;
  }
}

/** The order's own page, by its short reference: the link an order's SMS carries, short enough for one SMS. */
const orderPagePath = (orderId: string) => `/orders/${shortOrderId(orderId)}`;

/** The SMS for one order step: '<shop>: <what happened> <PUBLIC_URL>/orders/<ref>', one GSM-7 SMS. */
export function orderUpdateSms(input: OrderSmsInput): string {
  const text = toGsm7(body(input));
  const link = `${input.publicUrl}${orderPagePath(input.orderId)}`;
  const named = (room: number) => {
    const name = toGsm7(input.shopName.trim()).slice(0, Math.max(0, room)).trim();
    return name ? `${name}: ${text}` : text;
  };
  // The shop name gives way first (a long name is cut), then the link is left out.
  const withLink = `${named(SMS_MAX_LENGTH - text.length - 2 - link.length - 1)} ${link}`;
  return isGsm7(link) && withLink.length <= SMS_MAX_LENGTH ? withLink : named(SMS_MAX_LENGTH - text.length - 2).slice(0, SMS_MAX_LENGTH);
}
