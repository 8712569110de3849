import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEXT, whatsAppChatHref, whatsAppHref } from './whatsapp';

describe('whatsAppHref', () => {
  it.each([
    ['+254712345678', 'https://wa.me/254712345678'],
    ['+254 712 345 678', 'https://wa.me/254712345678'],
    ['0712 345 678', 'https://wa.me/254712345678'],
    ['+44 20 7946 0958', 'https://wa.me/442079460958'],
  ])('%s → %s', (phone, href) => {
    expect(whatsAppHref(phone)).toBe(href);
  });
  it('is null for what is not a phone number', () => {
    expect(whatsAppHref('')).toBeNull();
    expect(whatsAppHref('call me')).toBeNull();
  });
});

describe('whatsAppChatHref', () => {
  it('opens the chat with the message typed, encoded for the link', () => {
    expect(whatsAppChatHref('0712 345 678', WHATSAPP_TEXT.product('Fresh Whole Tilapia (1 kg)'))).toBe(
      'https://wa.me/254712345678?text=Hello%2C%20I%20have%20a%20question%20about%20Fresh%20Whole%20Tilapia%20(1%20kg).',
    );
    expect(whatsAppChatHref('+254712345678', WHATSAPP_TEXT.order('1a2b3c4d'))).toBe(
      'https://wa.me/254712345678?text=Hello%2C%20I%20have%20a%20question%20about%20my%20order%20%231a2b3c4d.',
    );
  });
  it('is null without a number', () => {
    expect(whatsAppChatHref('', WHATSAPP_TEXT.cart)).toBeNull();
  });
});
