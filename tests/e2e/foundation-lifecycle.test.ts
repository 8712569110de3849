// The shop's life cycle as an operator sees it: a second start reuses the data, SIGTERM stops it
// cleanly, and two instances started at once on one PostgreSQL both come up with one seed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/chromium';
import { startShop } from './support/shop-server';

async function productCount(url: string): Promise<number> {
  const res = await fetch(`${url}/api/catalog/products`);
  const body = (await res.json()) as { products: unknown[] };
  return body.products.length;
}

describe('the shop as an operator runs it', () => {
  it('a second start on the same DATA_DIR keeps the data and does not seed again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-reuse-'));
    try {
      const first = await startShop({ DATA_DIR: dataDir });
      const products = await productCount(first.url);
      expect(products).toBeGreaterThanOrEqual(12);
      const email = `keep-${Date.now()}@example.test`;
      const sub = await fetch(`${first.url}/api/content/newsletter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: first.url },
        body: JSON.stringify({ email }),
      });
      expect(sub.status).toBe(201);
      expect(await first.stop()).toBe(0);

      const second = await startShop({ DATA_DIR: dataDir });
      expect(await productCount(second.url)).toBe(products);
      const again = await fetch(`${second.url}/api/content/newsletter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: second.url },
        body: JSON.stringify({ email: email.toUpperCase() }),
      });
      expect(again.status).toBe(409);
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints which database, mail, payment and address providers are active', async () => {
    const shop = await startShop();
    const out = shop.output();
    expect(out).toContain('Database: PGlite at');
    expect(out).toContain('Mail: development mailbox at /dev/mail');
    expect(out).toContain('Payments: Pesapal simulator (built in)');
    expect(out).toContain('Addresses: offline Nairobi gazetteer');
    expect(await shop.stop()).toBe(0);
  });

  it('refuses to start in production with development stand-ins', async () => {
    await expect(startShop({ NODE_ENV: 'production' })).rejects.toThrow(/NODE_ENV=production needs/);
  });

  it('warns about more than 10 clicks less than 100 ms apart', async () => {
    const shop = await startShop();
    const browser = await launchChromium();
    try {
      const page = await openPage(browser);
      const warnings: string[] = [];
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      await page.goto(shop.url + '/about');
      await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
      await page.evaluate(() => {
        for (let i = 0; i < 12; i++) document.body.click();
      });
      await expect.poll(() => warnings.join('\n')).toContain('rapid clicking');
    } finally {
      await browser.close();
      await shop.stop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('two instances started at once on one PostgreSQL both come up, seeded once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `shop_e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const env = { DATABASE_URL: url.toString(), AUTH_SECRET: 'e2e-shared-secret-e2e-shared-secret-0001' };
      const [a, b] = await Promise.all([startShop(env), startShop(env)]);
      expect(await productCount(a.url)).toBe(await productCount(b.url));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const seeded = await check.query<{ n: string }>("select count(*) as n from stock_movements where reason = 'Opening stock'");
      const variants = await check.query<{ n: string }>('select count(*) as n from product_variants where stock > 0');
      await check.end();
      // Seeded once: one opening restock per variant seeded with stock, not two.
      expect(Number(seeded.rows[0]?.n)).toBe(Number(variants.rows[0]?.n));
      expect(a.output()).toContain('Database: PostgreSQL at');
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
