// Links that open a chat or a call with a phone number.
import { toE164Phone } from './phone';

/** 'https://wa.me/254712345678' (WhatsApp's click-to-chat: the number's digits, no '+'), or null when it is no number. */
export function whatsAppHref(phone: string): string | null {
  const e164 = toE164Phone(phone);
  return e164 ? `https://wa.me/${e164.slice(1)}` : null;
}
