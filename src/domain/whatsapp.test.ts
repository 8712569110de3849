import { describe, expect, it } from 'vitest';
import { whatsAppHref } from './whatsapp';

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
