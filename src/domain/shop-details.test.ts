import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_DETAILS, missingShopDetails, SHOP_DETAILS_MESSAGES, socialLinks, telHref } from './shop-details';
import { shopDetailsSchema } from './shop-details-schema';

const good = { ...DEFAULT_SHOP_DETAILS, phone: '+254 722 123 456', email: ' Sales@Example.co.ke ' };

describe('shopDetailsSchema', () => {
  it('accepts and normalises good details', () => {
    const parsed = shopDetailsSchema.parse({ ...good, xUrl: '' });
    expect(parsed).toMatchObject({ phone: '+254722123456', email: 'sales@example.co.ke', xUrl: '' });
  });

  it.each([
    [{ address: '  ' }, 'address', SHOP_DETAILS_MESSAGES.address],
    [{ address: 'x'.repeat(301) }, 'address', SHOP_DETAILS_MESSAGES.addressTooLong],
    [{ phone: '0' }, 'phone', SHOP_DETAILS_MESSAGES.phone],
    [{ phone: '0712 345 67' }, 'phone', SHOP_DETAILS_MESSAGES.phone],
    [{ whatsapp: 'chat with us' }, 'whatsapp', SHOP_DETAILS_MESSAGES.phone],
    [{ email: 'not-an-email' }, 'email', SHOP_DETAILS_MESSAGES.email],
    [{ facebookUrl: 'javascript:alert(1)' }, 'facebookUrl', SHOP_DETAILS_MESSAGES.url],
    [{ instagramUrl: 'http://instagram.com/shop' }, 'instagramUrl', SHOP_DETAILS_MESSAGES.url],
  ])('refuses %j on %s', (change, field, message) => {
    const result = shopDetailsSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it('takes an empty phone (not shown) and stores a local one in E.164', () => {
    expect(shopDetailsSchema.parse({ ...good, phone: '  ' }).phone).toBe('');
    expect(shopDetailsSchema.parse({ ...good, phone: undefined }).phone).toBe('');
    expect(shopDetailsSchema.parse({ ...good, phone: '020 2222 222' }).phone).toBe('+254202222222');
    expect(shopDetailsSchema.parse({ ...good, whatsapp: '0712 345 678' }).whatsapp).toBe('+254712345678');
    expect(shopDetailsSchema.parse({ ...good, whatsapp: undefined }).whatsapp).toBe('');
  });

  it('strips script from the address', () => {
    expect(shopDetailsSchema.parse({ ...good, address: 'Nairobi West<script>alert(1)</script>' }).address).toBe('Nairobi West');
  });
});

describe('socialLinks and telHref', () => {
  it('shows only the links the merchant filled in', () => {
    const filled = { ...DEFAULT_SHOP_DETAILS, facebookUrl: 'https://facebook.com/lva', xUrl: 'https://x.com/lva' };
    expect(socialLinks(filled).map((l) => l.label)).toEqual(['Facebook', 'X (Twitter)']);
    expect(socialLinks(DEFAULT_SHOP_DETAILS)).toEqual([]);
  });
  it('has no placeholder phone or bare social home pages, and says what is missing', () => {
    expect(DEFAULT_SHOP_DETAILS).toMatchObject({ phone: '', whatsapp: '', facebookUrl: '', instagramUrl: '', xUrl: '' });
    expect(missingShopDetails(DEFAULT_SHOP_DETAILS)).toEqual([
      'Phone',
      'WhatsApp number',
      'Facebook page',
      'Instagram page',
      'X (Twitter) page',
    ]);
    expect(
      missingShopDetails({
        ...DEFAULT_SHOP_DETAILS,
        phone: '+254722123456',
        whatsapp: '+254722123456',
        instagramUrl: 'https://instagram.com/lva',
      }),
    ).toEqual(['Facebook page', 'X (Twitter) page']);
  });
  it.each([
    ['+254 700 000 000', 'tel:+254700000000'],
    ['(020) 123-4567', 'tel:0201234567'],
  ])('%s → %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
