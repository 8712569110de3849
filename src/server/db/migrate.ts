import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';
import { LOCKS } from './locks';

/** The committed SQL migrations: beside this file in the source tree, or beside the bundled server. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((p) => existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface MigrateOptions {
  /** Runs under the migrations lock before anything is applied (the backup before migrating). */
  beforeMigrating?: () => Promise<unknown>;
}

/** Apply pending migrations; instances starting together wait on one advisory lock. */
export async function runMigrations(database: Database, opts: MigrateOptions = {}): Promise<void> {
  const migrationsDir = migrationsFolder();
  await database.withLock(LOCKS.migrations, async () => {
    await opts.beforeMigrating?.();
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, {
        migrationsFolder: migrationsDir,
      });
    } else {
      // Over direct sessions: a migration may take locks or SET things a transaction pooler would
      // leave on a connection other clients then get.
      await migratePg(database.directDb as unknown as NodePgDatabase<Record<string, never>>, {
        migrationsFolder: migrationsDir,
      });
    }
  });
}
