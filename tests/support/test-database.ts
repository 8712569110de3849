// Fresh databases for integration tests: an in-memory PGlite, or a throwaway database on the
// PostgreSQL server at TEST_DATABASE_URL when it is set (copied from a template, dropped after).
// A test file runs on one database unless the engine itself is its subject (engine-subjects.ts).
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPglite, openDatabase, wrapPglite, type Database } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/seed';
import { ENGINE_SUBJECTS } from './engine-subjects';

export type DbKind = 'pglite' | 'postgres';

/** A PostgreSQL server is there to test on (TEST_DATABASE_URL). */
export const HAS_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The one database of a file whose subject is not the engine: PostgreSQL when a server is there (a
 * template copy costs a third of a new PGlite), else the embedded PGlite.
 */
export const DEFAULT_DB_KIND: DbKind = HAS_POSTGRES ? 'postgres' : 'pglite';

/** The engines a test file runs on: both there are when it is listed in ENGINE_SUBJECTS, else one. */
export function dbKinds(testFileUrl: string): DbKind[] {
  const file = path.basename(fileURLToPath(testFileUrl));
  if (!(file in ENGINE_SUBJECTS)) return [DEFAULT_DB_KIND];
  return HAS_POSTGRES ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  url?: string;
  dispose(): Promise<void>;
}

/** What a fresh database holds: the migrations only, or the demo data too (most tests' start). */
export interface FreshDatabaseOptions {
  poolSize?: number;
  onConnectionLost?: (err: unknown, message: string) => void;
  /** Start from the seeded demo data (seeding is part of the template, not of each database). */
  seeded?: boolean;
}

interface PgliteTemplate {
  dump: Blob;
  wasm: WebAssembly.Module;
  fsBundle: Blob;
}

const pgliteTemplates = new Map<boolean, Promise<PgliteTemplate>>();

/**
 * One migrated (and one seeded) PGlite data folder per test process, kept as a tarball; each test
 * database starts from it with the engine compiled once. Starting PGlite and migrating are most of
 * the cost of a fresh database, and this skips both.
 */
function pgliteTemplate(seeded: boolean): Promise<PgliteTemplate> {
  let template = pgliteTemplates.get(seeded);
  if (!template) {
    template = (async () => {
      const client = await createPglite('memory://');
      const database = wrapPglite(client);
      await runMigrations(database);
      if (seeded) await seedDemoData(database.db);
      const dump = await client.dumpDataDir('none');
      await client.close();
      const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
      const wasm = await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm')));
      return { dump, wasm, fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]) };
    })();
    pgliteTemplates.set(seeded, template);
  }
  return template;
}

/** What the template databases are made of: a change to a migration or the seed makes new ones. */
function sourcesHash(): string {
  const hash = createHash('sha1');
  const root = fileURLToPath(new URL('../../src/server/', import.meta.url));
  const files = [
    ...readdirSync(path.join(root, 'db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => `db/migrations/${f}`),
    'db/migrations/meta/_journal.json',
    ...readdirSync(path.join(root, 'seed')).map((f) => `seed/${f}`),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 12);
}

const postgresTemplates = new Map<boolean, Promise<string>>();

/**
 * A migrated (or seeded) template database on the server, named by what made it, shared by the
 * test processes of this and later runs. Built under a different name and renamed when complete,
 * under an advisory lock, so no process copies a half-built one.
 */
/** Other sources' templates kept on the server (two each: migrated and seeded). */
const KEPT_TEMPLATES = 8;

function postgresTemplate(adminUrl: string, seeded: boolean): Promise<string> {
  let template = postgresTemplates.get(seeded);
  if (!template) {
    template = (async () => {
      const name = `shop_tpl_${sourcesHash()}_${seeded ? 'seeded' : 'migrated'}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) {
          const building = `${name}_${process.pid}`;
          await admin.query(`drop database if exists ${building}`);
          await admin.query(`create database ${building}`);
          const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, building), poolSize: 2 });
          try {
            await runMigrations(database);
            if (seeded) await seedDemoData(database.db);
          } finally {
            await database.close();
          }
          await admin.query(`alter database ${building} rename to ${name}`);
          // Templates of older migrations are of no further use; the newest few are kept, as other
          // checkouts of the project (another branch's migrations) may be testing on this server now.
          const { rows } = await admin.query<{ datname: string }>(
            `select datname from pg_database where datname like 'shop_tpl_%' and datname not like $1
             order by oid desc offset $2`,
            [`shop_tpl_${sourcesHash()}_%`, KEPT_TEMPLATES],
          );
          for (const old of rows) await admin.query(`drop database if exists ${old.datname}`).catch(() => undefined);
        }
      } finally {
        await admin.end();
      }
      return name;
    })();
    postgresTemplates.set(seeded, template);
  }
  return template;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestDatabase(kind: DbKind, opts: FreshDatabaseOptions = {}): Promise<TestDatabase> {
  const seeded = opts.seeded ?? false;
  if (kind === 'pglite') {
    const { dump, wasm, fsBundle } = await pgliteTemplate(seeded);
    const database = wrapPglite(await createPglite('memory://', { loadDataDir: dump, pgliteWasmModule: wasm, fsBundle }));
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = await postgresTemplate(adminUrl, seeded);
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({
    databaseUrl: url,
    poolSize: opts.poolSize ?? 10,
    onConnectionLost: opts.onConnectionLost,
  });
  return {
    database,
    url,
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
