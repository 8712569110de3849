// Links that open a chat or a call with a phone number.
import { toE164Phone } from './phone';

/** 'https://wa.me/254712345678' (WhatsApp's click-to-chat: the number's digits, no '+'), or null when it is no number. */
export function whatsAppHref(phone: string): string | null {
  const e164 = toE164Phone(phone);
  return e164 ? `https://wa.me/${e164.slice(1)}` : null;
}

/** The chat opened with `text` already typed, for the customer to send or change. */
export function whatsAppChatHref(phone: string, text: string): string | null {
  const href = whatsAppHref(phone);
  return href ? `${href}?text=${encodeURIComponent(text)}` : null;
}

/** What the customer's first message says, so the shop knows at once what it is about. */
export const WHATSAPP_TEXT = {
  product: (name: string) => `Hello, I have a question about ${name}.`,
  cart: 'Hello, I have a question about my order before I pay.',
  order: (orderNumber: string) => `Hello, I have a question about my order #${orderNumber}.`,
} as const;
