// M-Pesa Express (Safaricom's STK push, 'Lipa na M-Pesa Online'): the rules of what the shop sends
// and how it reads what comes back, used by the Daraja client, the simulator and checkout.
// Facts and what is unconfirmed about them: docs/mpesa.md.
import { NAIROBI_OFFSET_MS } from './peak-hours';
import { toE164Phone } from './phone';

/** What checkout says about M-Pesa Express (the server's refusals use the same words). */
export const MPESA_MESSAGES = {
  badPhone: 'Enter the Safaricom number that pays, e.g. 0712 345 678',
  notWholeShillings: 'M-Pesa takes whole shillings only, and this total has cents. Please pay with Card or other (Pesapal).',
  off: 'M-Pesa payments are not available just now. Please pay another way.',
} as const;

/** Daraja's largest single payment, in shillings; the smallest is KES 1. */
export const MPESA_MAX_SHILLINGS = 250_000;
/** AccountReference is shown in the prompt and may be at most 12 characters; TransactionDesc 13. */
const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;

/**
 * The payer's number as Daraja wants it, 12 digits '2547XXXXXXXX' or '2541XXXXXXXX' (Safaricom's
 * 07xx and 01xx lines), from any way a customer types it; null for a number M-Pesa cannot prompt.
 */
export function mpesaMsisdn(input: string): string | null {
  const e164 = toE164Phone(input);
  return e164 !== null && /^\+254[17]\d{8}$/.test(e164) ? e164.slice(1) : null;
}

/** The amount Daraja is sent: whole shillings only (it refuses a fraction), 1 to 250,000; else null. */
export function mpesaAmountShillings(totalCents: number): number | null {
  if (!Number.isSafeInteger(totalCents) || totalCents % 100 !== 0) return null;
  const shillings = totalCents / 100;
  return shillings >= 1 && shillings <= MPESA_MAX_SHILLINGS ? shillings : null;
}

/** Daraja's Timestamp: YYYYMMDDHHmmss in Nairobi time (UTC+3 all year). */
export function darajaTimestamp(at: Date): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** A callback's TransactionDate (a number YYYYMMDDHHmmss, Nairobi time) as an instant; null when unreadable. */
export function fromDarajaTimestamp(value: string | number): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(value));
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) - NAIROBI_OFFSET_MS;
  return Number.isNaN(utc) ? null : new Date(utc);
}

/** The order's reference in the prompt: its number, letters and digits only, at most 12 characters. */
export function accountReference(orderNumber: string | number): string {
  return (
    String(orderNumber)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, ACCOUNT_REFERENCE_MAX) || 'ORDER'
  );
}

/** A payment's final outcome as the shop reads a result code. */
type MpesaOutcome = 'paid' | 'not_paid';

export interface MpesaResult {
  outcome: MpesaOutcome;
  /** What the customer is told. */
  message: string;
}

/** Result codes of the callback and the query (they share them); compared as text ('SFC_IC0003' is one). */
const RESULTS: Readonly<Record<string, string>> = {
  '1': 'Not enough M-Pesa balance. Top up and try again, or pay another way.',
  '2': 'The amount is below M-Pesa’s minimum. Please pay another way.',
  '3': 'The amount is above M-Pesa’s limit for one payment. Please pay another way.',
  '4': 'Your daily M-Pesa limit is reached. Please pay another way.',
  '8': 'M-Pesa could not take this payment just now. Please try again later or pay another way.',
  '17': 'M-Pesa blocked a second payment of the same amount. Please wait 2 minutes and try again.',
  '26': 'M-Pesa is busy. Please try again shortly.',
  '1001': 'Another M-Pesa prompt is open on your phone. Finish or cancel it, then try again in a minute.',
  '1019': 'The payment request expired. Send a new one.',
  '1025': 'We could not reach your phone. Please try again.',
  '1032': 'You cancelled the payment.',
  '1037': 'We could not reach your phone. Check it is on and unlocked, then try again.',
  '2001': 'Wrong M-Pesa PIN. Please try again.',
  '2028': 'M-Pesa payments are not available just now. Please pay another way.',
  '8006': 'Your M-Pesa PIN is locked. Call Safaricom on 100 or 200.',
  '9999': 'We could not reach your phone. Please try again.',
  SFC_IC0003: 'M-Pesa payments are not available just now. Please pay another way.',
};

/** Any code not listed: recorded, the order stays unpaid, never refunded automatically (money may have moved). */
export const MPESA_UNKNOWN_RESULT = 'The M-Pesa payment was not completed. Please try again.';

export function mpesaResult(code: string | number): MpesaResult {
  const key = String(code).trim();
  if (key === '0') return { outcome: 'paid', message: 'Payment received.' };
  return { outcome: 'not_paid', message: RESULTS[key] ?? MPESA_UNKNOWN_RESULT };
}

/** Result codes that say the shop's own M-Pesa settings are wrong (the owner must act, not the customer). */
export function isMerchantSetupResult(code: string | number): boolean {
  return ['2028', 'SFC_IC0003'].includes(String(code).trim());
}
