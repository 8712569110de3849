// The shop's contact details: defaults until the merchant saves them, then what was saved, for
// every visitor; bad input is refused with field messages and changes nothing.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_DETAILS, SHOP_DETAILS_MESSAGES } from '../../src/domain/shop-details';
import { dbKinds } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { loadShopDetails } from '../../src/server/features/content/shop-details.service';
import { body, withAdminApp } from './admin-helpers';

describe.each(dbKinds(import.meta.url))('shop details on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;
  const publicDetails = async () => body<{ details: unknown }>(await s.t.request('/api/content/shop-details'));

  it('shows the defaults until the merchant saves, then the saved details to everyone', async () => {
    expect(await publicDetails()).toEqual({ details: DEFAULT_SHOP_DETAILS, pricesIncludeVat: false, ifUnavailable: 'similar' });
    const saved = await asAdmin('/shop-details', {
      method: 'PUT',
      json: {
        address: 'Kogo Star Plaza, Nairobi West',
        phone: '+254 722 123 456',
        whatsapp: '0733 555 111',
        email: ' Sales@Example.co.ke ',
        facebookUrl: 'https://facebook.com/lva',
        instagramUrl: '',
        xUrl: '',
      },
    });
    expect(saved.status).toBe(200);
    const expected = {
      address: 'Kogo Star Plaza, Nairobi West',
      phone: '+254722123456',
      whatsapp: '+254733555111',
      email: 'sales@example.co.ke',
      facebookUrl: 'https://facebook.com/lva',
      instagramUrl: '',
      xUrl: '',
    };
    expect(await body(saved)).toEqual({ details: expected });
    // Public reads are kept for a second: the saved details replace the defaults once it is over.
    await waitFor('the saved details to be public', async () =>
      isDeepStrictEqual(await publicDetails(), { details: expected, pricesIncludeVat: false, ifUnavailable: 'similar' }),
    );
  });

  it('refuses a bad phone and a non-https link with field messages, and keeps what was saved', async () => {
    const before = await publicDetails();
    const res = await asAdmin('/shop-details', {
      method: 'PUT',
      json: { address: 'Somewhere', phone: '12', email: 'sales@example.co.ke', facebookUrl: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    const { error } = await body<{ error: { fields: Record<string, string> } }>(res);
    expect(error.fields).toMatchObject({ phone: SHOP_DETAILS_MESSAGES.phone, facebookUrl: SHOP_DETAILS_MESSAGES.url });
    // Nothing was written: what is stored is still what the public saw before.
    expect({ details: await loadShopDetails(s.t.ctx.db), pricesIncludeVat: false, ifUnavailable: 'similar' }).toEqual(before);
  });
});
