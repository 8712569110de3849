// Every writer of the shop's settings in the back office (shop details; the delivery origin, the
// delivery fee's VAT band and the opening hours; order notices) saves through saveSetting: the row
// of app_settings stamped with the back office's clock, and one audit row of what it was and what it
// became, written together or not at all. Nothing else in the server writes those rows.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_DETAILS } from '../../src/domain/shop-details';
import { appSettings, auditLogs } from '../../src/server/db/schema';
import { saveSetting } from '../../src/server/back-office/app-settings';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const SERVER = fileURLToPath(new URL('../../src/server', import.meta.url));

/** The server's source files that write app_settings rows, and why each may. */
const SETTING_WRITERS: Record<string, string> = {
  'back-office/app-settings.ts': 'saveSetting: every setting the back office saves',
  'features/payments/ipn-registration.ts': "Pesapal's IPN id, kept by the shop itself (no person, no audit)",
  'features/delivery/delivery-slots.service.ts': "the opening hours' row as a lock (written only when missing, with the defaults)",
};

/** The back office's clock: every row and audit entry of these saves is stamped with it. */
const AT = new Date('2026-03-02T07:00:00.000Z');

describe.each(dbKinds(import.meta.url))('the settings writers on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, deps: { now: () => AT } });
    owner = await createUser(t, { role: 'owner', name: 'Amina Owner' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const put = async (path: string, json: unknown) => {
    const res = await t.request(`/api/admin${path}`, { method: 'PUT', cookie: owner.cookie, json });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  };

  /** The setting's row (one, stamped with the back office's clock) and its audit rows. */
  async function saved(key: string) {
    const rows = await t.ctx.db.select().from(appSettings).where(eq(appSettings.key, key));
    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.recordId, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt).toEqual(AT);
    return {
      value: rows[0]!.value,
      audits: audits.map((a) => ({ userId: a.userId, action: a.action, table: a.tableName, details: a.details })),
    };
  }

  const audit = (action: string, details: unknown) => ({ userId: owner.id, action, table: 'app_settings', details });

  it('saves the shop details, and again over them', async () => {
    const first = { address: 'Kogo Star Plaza, Nairobi West', phone: '0722 123 456', email: 'sales@example.co.ke' };
    const answer = await put('/shop-details', first);
    const details = {
      address: 'Kogo Star Plaza, Nairobi West',
      phone: '+254722123456',
      whatsapp: '',
      email: 'sales@example.co.ke',
      facebookUrl: '',
      instagramUrl: '',
      xUrl: '',
    };
    expect(answer).toEqual({ details });
    expect(await saved('shop_details')).toEqual({
      value: details,
      audits: [audit('SHOP_DETAILS_UPDATE', { before: DEFAULT_SHOP_DETAILS, after: details })],
    });

    await put('/shop-details', { ...first, whatsapp: '0733 000 111' });
    const second = { ...details, whatsapp: '+254733000111' };
    const { value, audits } = await saved('shop_details');
    expect(value).toEqual(second);
    expect(audits).toContainEqual(audit('SHOP_DETAILS_UPDATE', { before: details, after: second }));
    expect(audits).toHaveLength(2);
  });

  it("saves the delivery origin, the delivery fee's VAT band and the opening hours", async () => {
    const origin = { lat: -1.2921, lng: 36.8219, label: 'City Market, CBD' };
    expect(await put('/delivery/origin', origin)).toEqual({ origin });
    expect(await saved('delivery_origin')).toEqual({
      value: origin,
      audits: [
        audit('DELIVERY_ORIGIN_UPDATE', { before: { lat: -1.3162, lng: 36.7965, label: 'Kogo Star Plaza, Nairobi West' }, after: origin }),
      ],
    });

    expect(await put('/delivery/fee-tax-band', { band: 'B' })).toEqual({ feeTaxBand: 'B' });
    expect(await saved('delivery_fee_tax_band')).toEqual({
      value: 'B',
      audits: [audit('DELIVERY_FEE_TAX_BAND_UPDATE', { changed: { taxBand: { from: 'D', to: 'B' } } })],
    });

    const weekday = { open: true, opens: '09:00', closes: '18:00' };
    const days = [
      { open: true, opens: '10:00', closes: '13:00' },
      weekday,
      weekday,
      weekday,
      weekday,
      weekday,
      { ...weekday, closes: '14:00' },
    ];
    const { lines } = (await put('/delivery/opening-hours', { days })) as { lines: { days: string; hours: string }[] };
    expect(lines.map((l) => `${l.days}: ${l.hours}`)).toEqual([
      'Monday to Friday: 9:00 AM-6:00 PM',
      'Saturday: 9:00 AM-2:00 PM',
      'Sunday: 10:00 AM-1:00 PM',
    ]);
    const nineToSix = { opens: 540, closes: 1080 };
    expect(await saved('opening_hours')).toEqual({
      value: [{ opens: 600, closes: 780 }, nineToSix, nineToSix, nineToSix, nineToSix, nineToSix, { opens: 540, closes: 840 }],
      audits: [
        audit('OPENING_HOURS_UPDATE', {
          before: ['Monday to Friday: 9:00 AM-6:00 PM', 'Saturday: 9:00 AM-2:00 PM', 'Sunday: Closed'],
          after: ['Monday to Friday: 9:00 AM-6:00 PM', 'Saturday: 9:00 AM-2:00 PM', 'Sunday: 10:00 AM-1:00 PM'],
        }),
      ],
    });
  });

  it('saves who hears of orders', async () => {
    const answer = await put('/merchant-notices', { phones: ['0722 123 456'], emails: ['Owner@Example.co.ke'], summaryTime: '07:30' });
    const notices = { phones: ['+254722123456'], emails: ['owner@example.co.ke'], summaryTime: '07:30' };
    expect(answer).toEqual({ notices });
    expect(await saved('merchant_notices')).toEqual({
      value: notices,
      audits: [audit('MERCHANT_NOTICES_UPDATE', { before: { phones: [], emails: [], summaryTime: '07:00' }, after: notices })],
    });
  });

  it('writes no setting whose audit row cannot be written', async () => {
    const actor = { userId: owner.id, email: owner.email, ip: null, at: AT };
    const refused = saveSetting(t.ctx.db, actor, {
      key: 'unaudited',
      value: { never: 'stored' },
      action: 'UNAUDITED_UPDATE',
      load: async () => null,
      details: () => {
        throw new Error('no audit row');
      },
    });
    await expect(refused).rejects.toThrow('no audit row');
    expect(await t.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'unaudited'))).toEqual([]);
  });

  it('leaves no other writer of app_settings in the server', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    const writers = files(SERVER)
      .filter((f) => /(?<!\.test)\.ts$/.test(f) && /\.(insert|update|delete)\(appSettings\)/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SERVER, f).split(path.sep).join('/'));
    expect(writers.sort()).toEqual(Object.keys(SETTING_WRITERS).sort());
  });
});
