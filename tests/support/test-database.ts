// Fresh databases for integration tests: an in-memory PGlite always, and a throwaway database on
// the PostgreSQL server at TEST_DATABASE_URL when it is set (created per test file, dropped after).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, openDatabase, wrapPglite, type Database } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

export type DbKind = 'pglite' | 'postgres';

/** The database kinds this run covers: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  url?: string;
  dispose(): Promise<void>;
}

let template: Promise<PGlite> | null = null;

/**
 * One migrated PGlite per test process; each test database is a clone of it. Starting PGlite is
 * most of the cost of a fresh database, and a clone skips it (and the migrations).
 */
function migratedPglite(): Promise<PGlite> {
  template ??= (async () => {
    const client = await createPglite('memory://');
    await runMigrations(wrapPglite(client));
    return client;
  })();
  return template;
}

export async function createTestDatabase(
  kind: DbKind,
  opts: { poolSize?: number; onConnectionLost?: (err: unknown, message: string) => void } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // clone() is typed as the interface; it is a PGlite like the template.
    const database = wrapPglite((await (await migratedPglite()).clone()) as PGlite);
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: opts.poolSize ?? 10,
    onConnectionLost: opts.onConnectionLost,
  });
  await runMigrations(database);
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A second handle on the same PostgreSQL database (a second server instance). */
export async function openSecondHandle(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url });
}
