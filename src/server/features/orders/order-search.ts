// What the merchant types into the orders search: a name or email, the order number as customers
// quote it ('Order #41ee8510', '#41ee8510', '41ee8510'), or a phone number in any of the ways Kenyans
// write one ('0712 345 678', '+254 712 345 678', '712345678'), whichever way the order stored it.
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
  return { text, idPrefix: id, phoneDigits: PHONE_TEXT.test(text) ? phoneForms(text.replace(/\D/g, '')) : [] };
}

/** '0712345678' is also '254712345678' and '712345678'; at least four digits, or it matches too much. */
function phoneForms(digits: string): string[] {
  if (digits.length < 4) return [];
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return [...new Set([digits, national])].filter((d) => d.length >= 4);
}
