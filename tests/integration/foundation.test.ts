import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { dbKinds, HAS_POSTGRES, createTestDatabase, openSecondHandle } from '../support/test-database';

describe.each(dbKinds(import.meta.url))('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('answers /api/health after checking the database', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('puts the security headers on every response', async () => {
    for (const path of ['/api/health', '/api/nope']) {
      const res = await t.request(path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/frame-src [^;]*https:\/\/pay\.pesapal\.com/);
      expect(csp).toMatch(/frame-src [^;]*http:\/\/localhost:3000/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    }
  });

  it('answers unknown API paths with the JSON error shape and 404', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API endpoint.' } });
  });

  it('refuses cross-site writes', async () => {
    const res = await t.app.request('http://localhost:3000/api/auth/sign-out', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'CROSS_SITE' } });
  });

  it('re-running the migrations changes nothing', async () => {
    const applied = async () => {
      const rows = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      return Number(rows[0]?.n);
    };
    const before = await applied();
    expect(before).toBeGreaterThanOrEqual(2);
    await runMigrations(t.ctx.database);
    expect(await applied()).toBe(before);
  });

  it('enforces the constraints that make bad states impossible', async () => {
    const [fixture] = await insertProducts(t.ctx.db, [{ name: 'Fixture', slug: 'x-fixture', category: 'fish', price: 1_000, stock: 2 }]);
    // Each statement with what the database says when it refuses it.
    const bad = [
      [sql`insert into products (name, slug, category, price, stock) values ('x', 'x-neg', 'fish', 10, -1)`, "stock is its variants'"],
      [sql`insert into products (name, slug, category, price) values ('x', 'x-price', 'fish', -5)`, 'products_price_check'],
      // Stock and price live on the variants: neither goes below zero there either.
      [sql`update product_variants set stock = -1 where product_id = ${fixture!.id}`, 'product_variants_stock_check'],
      [sql`update product_variants set price = -5 where product_id = ${fixture!.id}`, 'product_variants_price_check'],
      [sql`insert into newsletter_subscriptions (email) values ('A@Example.com'), ('a@example.com')`, 'newsletter_email_lower_idx'],
    ] as const;
    for (const [stmt, says] of bad) {
      const refused = await t.ctx.db.execute(stmt).then(
        () => 'accepted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
      expect(refused).toContain(says);
    }
  });
});

describe.runIf(HAS_POSTGRES)('migrations on a PostgreSQL server', () => {
  it('two instances migrating at once both come up (advisory lock)', async () => {
    const first = await createTestDatabase('postgres');
    try {
      // A fresh database: drop everything the first migration made, then migrate twice at once.
      await first.database.db.execute(sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`);
      const second = await openSecondHandle(first.url!);
      await Promise.all([runMigrations(first.database), runMigrations(second)]);
      const rows = await queryRows<{ n: number }>(second.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(2);
      await second.close();
    } finally {
      await first.dispose();
    }
  });
});
