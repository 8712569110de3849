// What the merchant types into the orders search: a name or email, the order number as customers
// quote it ('Order #41ee8510', '#41ee8510', '41ee8510'), or a phone number in any of the ways Kenyans
// write one ('0712 345 678', '+254 712 345 678', '712345678'), whichever way the order stored it.
import { toE164Phone } from '@/domain/phone';

export interface OrderSearch {
  /** Matched anywhere in the customer's name, email or phone as stored. */
  text: string;
  /** The start of the order id, lowercased, when the text can be one. */
  idPrefix: string | null;
  /** Digit strings to find in the stored phone's digits (local and international forms). */
  phoneDigits: string[];
}

const ORDER_NUMBER = /^(?:order\s*)?#?\s*([0-9a-f][0-9a-f-]{1,35})$/i;
const PHONE_TEXT = /^\+?[\d\s()-]+$/;

export function parseOrderSearch(input: string): OrderSearch {
  const text = input.trim();
  const id = ORDER_NUMBER.exec(text)?.[1]?.toLowerCase() ?? null;
  return { text, idPrefix: id, phoneDigits: PHONE_TEXT.test(text) ? phoneForms(text) : [] };
}

/**
 * A whole number ('0712 345 678', '+254 712 345 678') is read by the shop's phone rule: a Kenyan one
 * is found by its nine national digits, which both the stored '+254712345678' and a number stored
 * before that rule ('0712345678') contain. Part of a number: its digits, in local and international
 * form ('0712' is also '712'); at least four digits, or it matches too much.
 */
function phoneForms(text: string): string[] {
  const e164 = toE164Phone(text);
  if (e164) return [e164.startsWith('+254') ? e164.slice(4) : e164.slice(1)];
  const digits = text.replace(/\D/g, '');
  if (digits.length < 4) return [];
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return [...new Set([digits, national])].filter((d) => d.length >= 4);
}
