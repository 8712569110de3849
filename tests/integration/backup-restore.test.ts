// A backup of a shop with accounts, orders, stock and images restores into an empty PGlite folder
// and into a PostgreSQL database with the same rows and files; one taken while checkouts run
// restores to a consistent state; a non-empty target is refused unless forced.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBackup, writeBackup } from '../../src/server/backup/archive';
import {
  backupBeforeMigrating,
  hasPendingMigrations,
  msUntilNextBackup,
  pruneBackups,
  startNightlyBackups,
} from '../../src/server/backup/automatic';
import type { ServerContext } from '../../src/server/context';
import { loadIntoPglite, restoreBackup } from '../../src/server/backup/restore';
import { createPglite, openDatabase, queryRows, wrapPglite, type Database, type DbOrTx } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { orders } from '../../src/server/db/schema';
import { prepareImage, saveImage } from '../../src/server/features/media/admin-images';
import { testEnv } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { createShop, customer, disposeShop, orderBody, postOrder, productBySlug, setStock, type Shop } from './checkout-support';

const tmp = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every row of every table (public and drizzle), as JSON, sorted: two databases compare equal or not. */
async function everything(db: DbOrTx): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select schemaname || '.' || quote_ident(tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(db, sql.raw(`select to_jsonb(t)::text as row from ${name} t`));
    out[name] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A backup loaded into an in-memory PGlite (what restoreBackup does, without a folder on disk). */
async function inMemoryRestore(file: string): Promise<Database> {
  const backup = await openBackup(file);
  try {
    const client = await createPglite('memory://');
    await loadIntoPglite(client, backup.sql);
    return wrapPglite(client);
  } finally {
    backup.dispose();
  }
}

describe('a backup of the embedded shop', () => {
  let shop: Shop;
  let dataDir: string;
  let file: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    shop = await createShop('pglite');
    dataDir = path.join(tmp, 'source');
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'auth-secret'), 'the-shop-secret');
    writeFileSync(path.join(dataDir, 'uploads', 'note.bin'), randomBytes(2048));
    const buyer = await customer(shop);
    const admin = await customer(shop);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    await setStock(shop, tilapia.id, 40);
    for (let i = 0; i < 3; i++) {
      const answer = await postOrder(
        shop,
        buyer,
        orderBody([{ productId: tilapia.id, quantity: 2 }], { idempotencyKey: `backup-${i}-key` }),
      );
      expect(answer.status).toBe(200);
    }
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d6fa5' } })
      .png()
      .toBuffer();
    await saveImage(shop.ctx.db, await prepareImage(new File([new Uint8Array(png)], 'fish.png', { type: 'image/png' })), admin.id);
    file = await writeBackup({ database: shop.ctx.database, dataDir }, path.join(dataDir, 'backups'), 'manual');
    before = await everything(shop.ctx.db);
  });
  afterAll(() => disposeShop(shop));

  it('holds accounts, orders, stock and images', async () => {
    expect(path.basename(file)).toMatch(/^shop-backup-.*-manual\.tar\.gz$/);
    expect(before['public.orders']).toHaveLength(3);
    expect(before['public.media']).toHaveLength(1);
    expect(before['public."user"']?.length).toBeGreaterThanOrEqual(2);
    expect(before['public.stock_movements']?.length).toBeGreaterThanOrEqual(3);
    const backup = await openBackup(file);
    try {
      // Its own backups folder is not inside the backup.
      expect(backup.manifest).toMatchObject({
        format: 1,
        reason: 'manual',
        database: 'pglite',
        files: ['auth-secret', path.join('uploads', 'note.bin')],
      });
    } finally {
      backup.dispose();
    }
  });

  it('restores into an empty data folder with the same rows and files, and the shop migrates it', async () => {
    const target = path.join(tmp, 'restored');
    const backup = await openBackup(file);
    try {
      await restoreBackup(backup, { dataDir: target });
      await expect(restoreBackup(backup, { dataDir: target })).rejects.toThrow(/already holds a database.*--force/);
    } finally {
      backup.dispose();
    }
    expect(readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe('the-shop-secret');
    expect(readFileSync(path.join(target, 'uploads', 'note.bin'))).toEqual(readFileSync(path.join(dataDir, 'uploads', 'note.bin')));
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await everything(restored.db)).toEqual(before);
      await runMigrations(restored);
      expect(await everything(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores into an empty PostgreSQL database, refusing a non-empty one without force',
    async () => {
      const target = await throwawayPostgres();
      let database: Database | undefined;
      try {
        const backup = await openBackup(file);
        try {
          await restoreBackup(backup, { databaseUrl: target.url, dataDir: path.join(tmp, 'pg-files') });
          await expect(restoreBackup(backup, { databaseUrl: target.url, dataDir: path.join(tmp, 'pg-files') })).rejects.toThrow(
            /not empty.*--force/,
          );
          await restoreBackup(backup, { databaseUrl: target.url, dataDir: path.join(tmp, 'pg-files'), force: true });
        } finally {
          backup.dispose();
        }
        database = await openDatabase({ databaseUrl: target.url });
        expect(await everything(database.db)).toEqual(before);
        await runMigrations(database);
        // And back: a backup of that PostgreSQL database restores into PGlite unchanged.
        const again = await writeBackup({ database, databaseUrl: target.url }, path.join(tmp, 'from-pg'), 'manual');
        const roundTrip = await inMemoryRestore(again);
        try {
          expect(await everything(roundTrip.db)).toEqual(before);
        } finally {
          await roundTrip.close();
        }
      } finally {
        await database?.close();
        await target.drop();
      }
    },
  );
});

describe('a backup taken while checkouts run', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createShop('pglite', { deps: { logger: (await import('../../src/server/infra/logger')).createLogger('error') } });
  });
  afterAll(() => disposeShop(shop));

  it('restores to a consistent state: every order with its items and reservation, stock matching them', async () => {
    // At most five unpaid orders each: six customers place four each.
    const users = await Promise.all(Array.from({ length: 6 }, () => customer(shop)));
    const product = await productBySlug(shop, 'fresh-whole-tilapia');
    await setStock(shop, product.id, 100);
    const checkouts = Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        postOrder(
          shop,
          users[i % users.length]!,
          orderBody([{ productId: product.id, quantity: 1 }], { idempotencyKey: `during-backup-${i}` }),
        ),
      ),
    );
    // Taken while the orders are being placed: once the first has been written, not before.
    await waitFor(
      'the first order of the burst',
      async () => (await shop.ctx.db.select({ id: orders.id }).from(orders).limit(1)).length > 0,
    );
    const file = await writeBackup({ database: shop.ctx.database }, path.join(tmp, 'during'), 'manual');
    const answers = await checkouts;
    // The dump's session state is gone: the shop's connection writes and sees its tables again.
    const [session] = await queryRows<{ ro: string; path: string }>(
      shop.ctx.db,
      sql`select current_setting('transaction_read_only') as ro, current_setting('search_path') as path`,
    );
    expect(session).toEqual({ ro: 'off', path: 'public' });
    expect(answers.map((a) => (a.status === 200 ? 'ok' : JSON.stringify(a.json))).filter((a) => a !== 'ok')).toEqual([]);

    const restored = await inMemoryRestore(file);
    try {
      const [counts] = await queryRows<{ orders: number; items: number; reserved: number; stock: number }>(
        restored.db,
        sql`select
          (select count(*)::int from orders) as orders,
          (select count(*)::int from order_items) as items,
          (select coalesce(-sum(quantity), 0)::int from stock_movements where kind = 'reservation' and product_id = ${product.id}) as reserved,
          (select stock from products where id = ${product.id}) as stock`,
      );
      expect(counts!.items).toBe(counts!.orders);
      expect(counts!.reserved).toBe(counts!.orders);
      expect(counts!.stock).toBe(100 - counts!.orders);
      const orphans = await queryRows(
        restored.db,
        sql`select o.id from orders o left join order_items i on i.order_id = o.id where i.id is null`,
      );
      expect(orphans).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});

describe('automatic backups', () => {
  it('are taken before a migration that has something to apply, and only then', async () => {
    const testDb = await createTestDatabase('pglite');
    const dataDir = path.join(tmp, 'before-migration');
    try {
      expect(await backupBeforeMigrating(testDb.database, dataDir)).toBeNull();
      // As if the newest migration had not been applied yet.
      await testDb.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await hasPendingMigrations(testDb.database)).toBe(true);
      const file = await backupBeforeMigrating(testDb.database, dataDir);
      expect(file && path.relative(dataDir, file)).toMatch(/^backups\/shop-backup-.*-before-migration\.tar\.gz$/);
    } finally {
      await testDb.dispose();
    }
  });

  it('run at BACKUP_HOUR and keep the newest BACKUP_KEEP nightly ones', async () => {
    const testDb = await createTestDatabase('pglite');
    const dataDir = path.join(tmp, 'nightly');
    const taken: unknown[] = [];
    const logger = { info: (obj: unknown) => taken.push(obj), error: (obj: unknown) => taken.push(obj) };
    const ctx = {
      database: testDb.database,
      env: testEnv({ DATA_DIR: dataDir, BACKUP_HOUR: '4', BACKUP_KEEP: '1' }),
      logger,
    } as unknown as ServerContext;
    // A clock that always reads 150 ms before 04:00 in Nairobi (01:00 UTC): a backup every 150 ms.
    const stop = startNightlyBackups(ctx, () => new Date(Date.UTC(2026, 2, 1, 1) - 150));
    try {
      await vi.waitFor(() => expect(taken.length).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 100 });
    } finally {
      await stop();
      await testDb.dispose();
    }
    expect(taken.every((t) => typeof t === 'object' && t !== null && 'file' in t)).toBe(true);
    expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('-nightly.tar.gz'))).toHaveLength(1);
  });

  it('are due at BACKUP_HOUR in Nairobi (UTC+3)', () => {
    // 22:30 UTC is 01:30 in Nairobi: 02:00 Nairobi is 30 minutes away.
    expect(msUntilNextBackup(new Date('2026-03-01T22:30:00Z'), 2)).toBe(30 * 60_000);
    // 23:00 UTC is 02:00 in Nairobi: the next one is a day later.
    expect(msUntilNextBackup(new Date('2026-03-01T23:00:00Z'), 2)).toBe(24 * 60 * 60_000);
    expect(msUntilNextBackup(new Date('2026-03-01T12:00:00Z'), 0)).toBe(9 * 60 * 60_000);
  });

  it('keep the newest BACKUP_KEEP nightly ones and never touch the others', () => {
    const dir = path.join(tmp, 'prune');
    mkdirSync(dir, { recursive: true });
    const names = Array.from({ length: 5 }, (_, i) => `shop-backup-2026-03-0${i + 1}T23-00-00Z-nightly.tar.gz`);
    for (const n of [
      ...names,
      'shop-backup-2026-01-01T00-00-00Z-manual.tar.gz',
      'shop-backup-2026-01-01T00-00-00Z-before-migration.tar.gz',
    ])
      writeFileSync(path.join(dir, n), '');
    expect(pruneBackups(dir, 'nightly', 2).sort()).toEqual(names.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual([
      'shop-backup-2026-01-01T00-00-00Z-before-migration.tar.gz',
      'shop-backup-2026-01-01T00-00-00Z-manual.tar.gz',
      ...names.slice(3),
    ]);
  });
});
