// The go-live check (npm run go-live:check, and the back office's Go-live screen): each outside
// service checked with the real client against local stand-ins, one line each with what to do,
// exit 1 when anything fails and 0 when all works (warnings do not fail). docs/go-live.md.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, etimsStockMoves, products } from '../../src/server/db/schema';
import { startControlServer } from '../../src/server/backup/control';
import { acquireDataDirLock } from '../../src/server/backup/data-dir-lock';
import { loadEnv } from '../../src/server/env';
import { runGoLiveChecks, type CheckLine } from '../../src/server/go-live/go-live-check';
import { goLiveReport } from '../../src/server/go-live/go-live-report';
import { runCommand } from '../support/data-dir-process';
import { createTestApp, createUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { startStandIns, type StandIns } from './go-live-stand-ins';

const PESAPAL_KEYS_FIX =
  "Set PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET to the live keys from Pesapal's merchant dashboard, and PESAPAL_ENV=live.";

let s: StandIns;
beforeAll(async () => {
  s = await startStandIns();
}, 120_000);
afterAll(() => s?.stop());

const report = (extra: Record<string, string | undefined> = {}, timeoutMs?: number) =>
  goLiveReport(loadEnv({ ...s.working, ...extra }), s.database.db, () => new Date(), timeoutMs);
const line = (lines: CheckLine[], name: string) => lines.find((l) => l.name === name);

/** Settings where five services refuse the shop, and the shop's address is not https. */
const failing = () => ({
  PUBLIC_URL: 'http://localhost:3000',
  PESAPAL_CONSUMER_SECRET: 'not-the-secret',
  ETIMS_SEND_TOKEN: undefined,
  ETIMS_CONSUMER_KEY: undefined,
  ETIMS_CONSUMER_SECRET: undefined,
  AT_API_KEY: 'revoked-key',
  SMTP_URL: s.working.SMTP_URL?.replace(':mail-pass@', ':wrong-pass@') ?? '',
  GOOGLE_MAPS_API_KEY: 'browser-key',
});

describe('the go-live check', () => {
  it('passes against working stand-ins: every line OK, and the one money warning', async () => {
    s.shop.etimsSim.switches.requireToken = true; // KRA wants the token: the check sends it
    const { ok, lines } = await report();
    expect(lines.map((l) => [l.name, l.status])).toEqual([
      ['Shop address (PUBLIC_URL)', 'ok'],
      ['Session secret (AUTH_SECRET)', 'ok'],
      ['Pesapal', 'ok'],
      ['M-Pesa Express', 'ok'],
      ['Prices and VAT', 'warning'],
      ['KRA eTIMS device', 'ok'],
      ['KRA eTIMS code lists', 'ok'],
      ['KRA eTIMS items', 'ok'],
      ['KRA eTIMS stock reports', 'ok'],
      ["SMS (Africa's Talking)", 'ok'],
      ['Mail (SMTP)', 'ok'],
      ['Google Maps', 'ok'],
      ['Backups', 'ok'],
    ]);
    expect(ok).toBe(true);
    expect(line(lines, 'Pesapal')?.detail).toBe('token accepted; IPN https://shop.example/api/payments/ipn registered; payments in KES');
    expect(line(lines, 'M-Pesa Express')?.detail).toBe('M-Pesa Express is off (MPESA_ENV=off): customers pay through Pesapal');
    expect(line(lines, 'Prices and VAT')).toMatchObject({
      detail: 'VAT added on top can produce totals with cents, which M-Pesa does not move',
      fix: expect.stringContaining('docs/go-live.md'),
    });
    expect(line(lines, 'KRA eTIMS device')?.detail).toMatch(
      /^initialised \(CU KRACU\d+, PIN P000000000S, branch 00\); KRA at the production legacy host http:\/\/127\.0\.0\.1:\d+\/etims-sim\/etims-api answers with a token$/,
    );
    expect(line(lines, 'KRA eTIMS items')?.detail).toMatch(/^all \d+ items on sale registered at KRA under classes KRA lists$/);
    expect(line(lines, "SMS (Africa's Talking)")?.detail).toBe('account freshcatch accepted, balance KES 1250.0000, sender id FreshCatch');
    expect(line(lines, 'Mail (SMTP)')?.detail).toMatch(
      /^connected to 127\.0\.0\.1:\d+ as orders@shop\.example and logged in; mail goes from/,
    );
    expect(line(lines, 'Google Maps')?.detail).toBe("'Westlands, Nairobi' found (Westlands, Nairobi, Kenya)");
    expect(line(lines, 'Backups')?.detail).toMatch(
      /^nightly at 02:00 Nairobi time, 14 kept in .*backups; the newest is shop-backup-.*-nightly\.tar\.gz$/,
    );
    expect(lines.filter((l) => l.status === 'ok').every((l) => l.fix === null)).toBe(true);
  });

  it('fails each service that refuses the shop, naming what to do, and still checks the others', async () => {
    s.shop.etimsSim.switches.requireToken = true;
    const { ok, lines } = await report(failing());
    expect(ok).toBe(false);
    expect(line(lines, 'Shop address (PUBLIC_URL)')).toMatchObject({
      status: 'fail',
      detail: 'http://localhost:3000 is not https',
      fix: expect.stringContaining('Set PUBLIC_URL'),
    });
    expect(line(lines, 'Pesapal')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^Pesapal refused the keys: /),
      fix: expect.stringContaining('PESAPAL_CONSUMER_SECRET'),
    });
    expect(line(lines, 'KRA eTIMS device')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('refused the access: Invalid access token (HTTP 401'),
      fix: expect.stringContaining('ETIMS_SEND_TOKEN'),
    });
    expect(line(lines, "SMS (Africa's Talking)")).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining("Africa's Talking refused the username or key"),
      fix: expect.stringContaining('AT_API_KEY'),
    });
    expect(line(lines, 'Mail (SMTP)')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('the login was refused'),
      fix: expect.stringContaining('password'),
    });
    expect(line(lines, 'Google Maps')).toMatchObject({
      status: 'fail',
      detail: 'Google refused the lookup: REQUEST_DENIED',
      fix: expect.stringContaining('GOOGLE_MAPS_API_KEY'),
    });
    // What does not depend on them still passes.
    expect(line(lines, 'KRA eTIMS code lists')?.status).toBe('ok');
    expect(line(lines, 'Backups')?.status).toBe('ok');
  });

  it('fails the stock line while a stock declaration has waited for KRA longer than a round', async () => {
    const [waiting] = await s.database.db
      .insert(etimsStockMoves)
      .values({
        sarNo: 999_999,
        productId: (await s.database.db.select({ id: products.id }).from(products).limit(1))[0]!.id,
        sarTyCd: '06',
        quantity: 1,
        rsdQty: 1,
        unitPrice: 100,
        status: 'failed',
        createdAt: new Date(Date.now() - 60 * 60_000),
      })
      .returning({ id: etimsStockMoves.id });
    try {
      expect(line((await report()).lines, 'KRA eTIMS stock reports')).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(/; 1 waiting, the oldest since /),
        fix: expect.stringContaining('sarNo order'),
      });
    } finally {
      await s.database.db.delete(etimsStockMoves).where(eq(etimsStockMoves.id, waiting!.id));
    }
  });

  it("reads the money mode from the shop's 'Prices include VAT' setting", async () => {
    await s.database.db.insert(appSettings).values({ key: 'prices_include_vat', value: true, updatedAt: new Date() });
    try {
      expect(line((await report()).lines, 'Prices and VAT')).toEqual({
        name: 'Prices and VAT',
        status: 'ok',
        detail: 'prices include VAT: whole-shilling prices make whole-shilling totals, as M-Pesa moves them',
        fix: null,
      });
    } finally {
      await s.database.db.delete(appSettings).where(eq(appSettings.key, 'prices_include_vat'));
    }
  });

  it('says which setting is missing when production settings are not there at all', async () => {
    const { lines } = await report({
      PESAPAL_CONSUMER_KEY: undefined,
      ETIMS_PIN: undefined,
      AT_USERNAME: undefined,
      SMTP_URL: undefined,
      GOOGLE_MAPS_API_KEY: undefined,
      AUTH_SECRET: undefined,
      NODE_ENV: 'go-live-check',
      BACKUP_KEEP: '0',
    });
    expect(lines.filter((l) => l.status === 'fail').map((l) => `${l.name}: ${l.detail}`)).toEqual([
      'Session secret (AUTH_SECRET): AUTH_SECRET (session signing; make one with: openssl rand -base64 32)',
      'Pesapal: no keys: payments would go to the built-in simulator',
      'KRA eTIMS device: no ETIMS_PIN and ETIMS_DEVICE_SERIAL: invoices would go to the built-in simulator',
      'KRA eTIMS code lists: no device yet, so no code lists',
      'KRA eTIMS items: no device yet, so no items',
      'KRA eTIMS stock reports: no device yet, so no stock reports',
      "SMS (Africa's Talking): no account: SMS would go to the development SMS box",
      'Mail (SMTP): no SMTP_URL: mail would go to the development mailbox',
      'Google Maps: no GOOGLE_MAPS_API_KEY: addresses would come from the offline gazetteer',
      'Backups: BACKUP_KEEP=0: no nightly backups of the embedded database',
    ]);
  });

  it('gives each check its own time: a service that never answers fails its line, the others are told', async () => {
    s.maps.hang = true;
    try {
      const started = Date.now();
      const { lines } = await report({}, 1_500);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(line(lines, 'Google Maps')).toMatchObject({ status: 'fail', detail: 'Google refused the lookup: TIMEOUT' });
      expect(line(lines, 'Pesapal')?.status).toBe('ok');
    } finally {
      s.maps.hang = false;
    }
    const stuck = await runGoLiveChecks(
      [{ name: 'Stuck', run: () => new Promise(() => {}) }],
      { env: loadEnv(s.working), db: s.database.db, now: () => new Date() },
      200,
    );
    expect(stuck).toEqual([
      { name: 'Stuck', status: 'fail', detail: 'no answer within 200 ms', fix: expect.stringContaining('reaches the service') },
    ]);
  });

  it('is on the back office for the owner only, with the running shop’s settings', async () => {
    const [kind = 'pglite'] = dbKinds(import.meta.url);
    const t = await createTestApp(kind);
    try {
      const owner = await createUser(t, { role: 'owner' });
      const staff = await createUser(t, { role: 'staff' });
      expect((await t.request('/api/admin/go-live', { cookie: staff.cookie })).status).toBe(403);
      const res = await t.request('/api/admin/go-live', { cookie: owner.cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { ok: boolean; checks: CheckLine[] };
      expect(body.ok).toBe(false);
      expect(line(body.checks, 'Pesapal')).toMatchObject({
        status: 'fail',
        detail: 'no keys: payments would go to the built-in simulator',
      });
      expect(line(body.checks, 'M-Pesa Express')?.status).toBe('ok'); // off by default: not a failure
      expect(body.checks).toHaveLength(13);
    } finally {
      await t.dispose();
    }
  });

  it('as the command while the shop runs on its embedded database: the running shop checks its own settings', async () => {
    // This test process plays the running shop: it holds the folder and answers on its control listener.
    const lock = acquireDataDirLock(s.dataDir, 'shop');
    const control = await startControlServer(s.shop.ctx);
    try {
      const run = await runCommand('go-live-check', [], { PATH: process.env.PATH ?? '', ...s.working });
      expect(run.code, run.stderr).toBe(1); // the development shop has no production settings
      const printed = run.stdout.trim().split('\n');
      expect(printed[0]).toBe('Go-live check of http://localhost:3000');
      expect(printed).toContain('FAIL  Pesapal: no keys: payments would go to the built-in simulator → ' + PESAPAL_KEYS_FIX);
    } finally {
      await control.stop();
      lock.release();
    }
  }, 60_000);

  describe('as the command', () => {
    beforeAll(() => s.closeDatabase()); // the command opens the folder itself: one process at a time

    it('prints each result and exits 1 against a mix of working and failing stand-ins', async () => {
      s.shop.etimsSim.switches.requireToken = true;
      const env = Object.fromEntries(Object.entries({ ...s.working, ...failing() }).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      const run = await runCommand('go-live-check', [], { PATH: process.env.PATH ?? '', ...env });
      expect(run.code, run.stderr).toBe(1);
      const printed = run.stdout.trim().split('\n');
      expect(printed[0]).toBe('Go-live check of http://localhost:3000');
      expect(printed.slice(1, -1).map((l) => l.slice(0, 6) + l.slice(6).split(':')[0])).toEqual([
        'FAIL  Shop address (PUBLIC_URL)',
        'OK    Session secret (AUTH_SECRET)',
        'FAIL  Pesapal',
        'OK    M-Pesa Express',
        'WARN  Prices and VAT',
        'FAIL  KRA eTIMS device',
        'OK    KRA eTIMS code lists',
        'OK    KRA eTIMS items',
        'OK    KRA eTIMS stock reports',
        "FAIL  SMS (Africa's Talking)",
        'FAIL  Mail (SMTP)',
        'FAIL  Google Maps',
        'OK    Backups',
      ]);
      expect(printed[6]).toContain('→ KRA refused the device’s key or the token: check ETIMS_PIN');
      expect(printed.at(-1)).toBe('Go-live check: 6 ok, 1 to confirm, 6 to fix (not ready: fix the FAIL lines).');
    }, 60_000);

    it('exits 0 against working stand-ins', async () => {
      s.shop.etimsSim.switches.requireToken = true;
      const run = await runCommand('go-live-check', ['--timeout', '15'], { PATH: process.env.PATH ?? '', ...s.working });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('OK    Pesapal: token accepted; IPN https://shop.example/api/payments/ipn registered; payments in KES');
      expect(run.stdout.trim().split('\n').at(-1)).toBe('Go-live check: 12 ok, 1 to confirm, 0 to fix (ready to go live).');
      const bad = await runCommand('go-live-check', ['--timeout', 'soon'], { PATH: process.env.PATH ?? '', ...s.working });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--timeout must be a number of seconds, not 'soon'");
    }, 60_000);
  });
});
