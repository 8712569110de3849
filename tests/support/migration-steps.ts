// Testing one migration on a database that holds what the migrations before it made: an empty
// database (PGlite in memory, or a throwaway PostgreSQL database), the migrations folder cut off
// before the migration under test, and the cleanup of both.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPglite, openDatabase, wrapPglite, type Database } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import type { DbKind } from './test-database';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export async function migrateTo(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder: folder });
  else await migratePg(database.db as unknown as NodePgDatabase<Record<string, never>>, { migrationsFolder: folder });
}

/** Databases and folders for one migration test file; `cleanup` (in afterAll) removes them all. */
export function migrationSteps(name: string) {
  const cleanups: (() => Promise<void>)[] = [];

  /** A copy of the migrations folder whose journal stops before `tag`. */
  function folderBefore(tag: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    cpSync(migrationsFolder(), dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
    const cut = journal.entries.find((e) => e.tag === tag);
    if (!cut) throw new Error(`no migration ${tag} in the journal`);
    journal.entries = journal.entries.filter((e) => e.idx < cut.idx);
    writeFileSync(journalPath, JSON.stringify(journal));
    return dir;
  }

  async function emptyDatabase(kind: DbKind): Promise<Database> {
    if (kind === 'pglite') {
      const database = wrapPglite(await createPglite('memory://'));
      cleanups.push(() => database.close());
      return database;
    }
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const dbName = `shop_${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    cleanups.push(async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    });
    return database;
  }

  async function cleanup(): Promise<void> {
    for (const undo of cleanups.reverse()) await undo();
  }

  return { folderBefore, emptyDatabase, cleanup };
}
