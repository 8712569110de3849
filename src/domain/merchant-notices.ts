// Who hears about the shop's orders besides the back office: the owner's phones and mailboxes that
// get an SMS and a mail for each paid order and a morning summary of the day's deliveries. Shared by
// the back-office form and the API; the messages' wording is here too, so both sides say the same.
import { z } from 'zod';
import { formatKES, type Cents } from './money';
import { shortOrderId } from './order-status';
import { NAIROBI_OFFSET_MS, nairobiParts } from './peak-hours';
import { toGsm7 } from './order-sms';
import { toE164Phone } from './phone';
import { isValidEmail, MESSAGES, normalizeEmail } from './validation';

/** More than this many of each is a mailing list, not the shop's owners. */
export const MAX_NOTICE_RECIPIENTS = 5;
/** 07:00 in Nairobi, the hour before the first deliveries leave. */
const DEFAULT_SUMMARY_TIME = '07:00';

export interface MerchantNoticeSettings {
  /** E.164. */
  phones: string[];
  emails: string[];
  /** 'HH:MM', Nairobi time. */
  summaryTime: string;
}

export const DEFAULT_MERCHANT_NOTICES: MerchantNoticeSettings = { phones: [], emails: [], summaryTime: DEFAULT_SUMMARY_TIME };

const MERCHANT_NOTICE_MESSAGES = {
  phone: (typed: string) => `'${typed}' is not a phone number. ${MESSAGES.invalidPhone}`,
  email: (typed: string) => `'${typed}' is not an email address. ${MESSAGES.invalidEmail}`,
  tooMany: (what: string) => `At most ${MAX_NOTICE_RECIPIENTS} ${what}.`,
  time: 'Enter the summary time as HH:MM, for example 07:00.',
} as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A list of phones or emails: each checked (the message names the wrong one), stored one way, once. */
function recipients(kind: 'phone' | 'email', what: string) {
  const stored = (s: string) => (kind === 'phone' ? toE164Phone(s) : isValidEmail(s) ? normalizeEmail(s) : null);
  return z.array(z.string().max(300), { error: MERCHANT_NOTICE_MESSAGES.tooMany(what) }).transform((list, ctx) => {
    const out: string[] = [];
    for (const typed of list.map((s) => s.trim()).filter(Boolean)) {
      const value = stored(typed);
      if (value === null) ctx.addIssue({ code: 'custom', message: MERCHANT_NOTICE_MESSAGES[kind](typed.slice(0, 60)) });
      else if (!out.includes(value)) out.push(value);
    }
    if (out.length > MAX_NOTICE_RECIPIENTS) ctx.addIssue({ code: 'custom', message: MERCHANT_NOTICE_MESSAGES.tooMany(what) });
    return out;
  });
}

const summaryTime = z
  .string({ error: MERCHANT_NOTICE_MESSAGES.time })
  .transform((s) => s.trim())
  .refine((s) => TIME_PATTERN.test(s), { error: MERCHANT_NOTICE_MESSAGES.time });

/** PUT /api/admin/merchant-notices. */
export const merchantNoticesSchema = z.object({
  phones: recipients('phone', 'phone numbers'),
  emails: recipients('email', 'email addresses'),
  summaryTime,
});

/** Commas, semicolons or new lines between the entries of a typed list. */
const splitRecipients = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The back-office form: the lists typed one per line. */
export const merchantNoticesFormSchema = z.object({
  phones: z.string().transform(splitRecipients).pipe(merchantNoticesSchema.shape.phones),
  emails: z.string().transform(splitRecipients).pipe(merchantNoticesSchema.shape.emails),
  summaryTime,
});

/** The Nairobi calendar day ('2026-11-27') and minutes since its midnight, of an instant. */
export function nairobiClock(at: Date): { day: string; minutes: number } {
  const { year, month, day, hour, minute } = nairobiParts(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: `${year}-${pad(month)}-${pad(day)}`, minutes: hour * 60 + minute };
}

/** The instant a Nairobi day ends (its next midnight). */
export function endOfNairobiDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000 - NAIROBI_OFFSET_MS);
}

/** Whether the morning summary of `at`'s day is due: it is at or after the set time. */
export function summaryDue(at: Date, time: string): boolean {
  const [h, m] = time.split(':').map(Number);
  return nairobiClock(at).minutes >= (h ?? 7) * 60 + (m ?? 0);
}

export interface PaidOrderNotice {
  orderId: string;
  customerName: string;
  totalCents: Cents;
  area: string | null;
  /** When it is expected, as the customer was told ('Thu 27 Nov, 10:00–12:00' or 'around 14:30'). */
  deliveryTime: string | null;
  /** Confirmed to be paid on delivery: the rider collects the total. */
  payOnDelivery?: boolean;
}

/** The customer's first name only: the owner needs to recognise the order, not read the account. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function paidOrderNoticeSms(shopName: string, n: PaidOrderNotice): string {
  const parts = [
    `${shopName}: ${n.payOnDelivery ? 'order to pay on delivery' : 'paid order'} #${shortOrderId(n.orderId)}`,
    firstName(n.customerName),
    formatKES(n.totalCents),
    ...(n.area ? [n.area] : []),
    ...(n.deliveryTime ? [`deliver ${n.deliveryTime}`] : []),
  ];
  // The GSM alphabet, one SMS part: Wanjirũ is written Wanjiru, never 'Wanjir?'.
  return toGsm7(parts.join(', '));
}

export function paidOrderNoticeMail(shopName: string, n: PaidOrderNotice, orderUrl: string): { subject: string; text: string } {
  return {
    subject: `${n.payOnDelivery ? 'Order to pay on delivery' : 'Paid order'} #${shortOrderId(n.orderId)}: ${formatKES(n.totalCents)}`,
    text: [
      n.payOnDelivery
        ? `A new order was placed at ${shopName}, to be paid to the rider on delivery.`
        : `A new order was paid at ${shopName}.`,
      '',
      `Order: #${shortOrderId(n.orderId)}`,
      `Customer: ${firstName(n.customerName)}`,
      `Total: ${formatKES(n.totalCents)}`,
      `Area: ${n.area ?? 'not given'}`,
      `Delivery: ${n.deliveryTime ?? 'not given'}`,
      '',
      `Open it in the back office: ${orderUrl}`,
    ].join('\n'),
  };
}

export interface MorningSummary {
  day: string;
  orderCount: number;
  totalCents: Cents;
  /** Orders and their total per delivery area, largest first. */
  areas: { area: string; orderCount: number; totalCents: Cents }[];
}

const plural = (n: number) => `${n} ${n === 1 ? 'delivery' : 'deliveries'}`;

export function morningSummarySms(shopName: string, s: MorningSummary): string {
  const head = `${shopName} ${s.day}: ${plural(s.orderCount)}, ${formatKES(s.totalCents)}`;
  if (s.areas.length === 0) return head;
  return toGsm7(`${head}. ${s.areas.map((a) => `${a.area} ${a.orderCount}`).join(', ')}`);
}

export function morningSummaryMail(shopName: string, s: MorningSummary, adminUrl: string): { subject: string; text: string } {
  return {
    subject: `Today's deliveries (${s.day}): ${plural(s.orderCount)}, ${formatKES(s.totalCents)}`,
    text: [
      `Good morning. ${shopName} has ${plural(s.orderCount)} to make today, ${formatKES(s.totalCents)} in all.`,
      '',
      ...(s.areas.length ? s.areas.map((a) => `${a.area}: ${plural(a.orderCount)}, ${formatKES(a.totalCents)}`) : ['Nothing to deliver.']),
      '',
      `The orders: ${adminUrl}`,
    ].join('\n'),
  };
}

export interface RefundRejectedNotice {
  orderId: string;
  amountCents: Cents;
  /** The order's own payment (the order is paid again), or one it did not need (the money stays with the shop). */
  orderPaidAgain: boolean;
}

/** What the owner reads when Pesapal rejected a refund; the back office's flag says the same. */
export function refundRejectedText(n: RefundRejectedNotice): string {
  const what = `The refund of ${formatKES(n.amountCents)} for order #${shortOrderId(n.orderId)} was rejected at Pesapal`;
  return n.orderPaidAgain
    ? `${what}: the order is paid again. Deliver it, or ask for the refund again.`
    : `${what}: the extra payment is still with the shop. Ask for the refund again or settle it with the customer.`;
}

export function refundRejectedNoticeSms(shopName: string, n: RefundRejectedNotice): string {
  const head = `${shopName}: refund of ${formatKES(n.amountCents)} for order #${shortOrderId(n.orderId)} rejected at Pesapal`;
  return toGsm7(`${head}, ${n.orderPaidAgain ? 'the order is paid again' : 'the money is still with the shop'}.`);
}

export function refundRejectedNoticeMail(shopName: string, n: RefundRejectedNotice, orderUrl: string): { subject: string; text: string } {
  return {
    subject: `Refund rejected: order #${shortOrderId(n.orderId)}, ${formatKES(n.amountCents)}`,
    text: [`${refundRejectedText(n)}`, '', `${shopName} back office: ${orderUrl}`].join('\n'),
  };
}
