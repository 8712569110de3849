// Backups nobody has to remember: every night at BACKUP_HOUR (Nairobi time), keeping BACKUP_KEEP,
// and before migrations that have something to apply. Embedded database (PGlite) only: a
// PostgreSQL server is backed up by whoever runs it (or `npm run db:backup`). Decision 017.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { queryRows, type Database } from '../db/client';
import { LOCKS } from '../db/locks';
import { migrationsFolder } from '../db/migrate';
import type { Logger } from '../infra/logger';
import { BACKUPS_FOLDER, writeBackup, type BackupReason } from './archive';

/** Nairobi is UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60_000;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, BACKUPS_FOLDER);
}

/** Milliseconds from `now` to the next `hour`:00 in Nairobi (never 0: a backup just taken waits a day). */
export function msUntilNextBackup(now: Date, hour: number): number {
  const nairobi = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const next = Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth(), nairobi.getUTCDate(), hour) - NAIROBI_OFFSET_MS;
  const wait = next - now.getTime();
  return wait > 0 ? wait : wait + 24 * 60 * 60_000;
}

/** Deletes all but the newest `keep` backups taken for `reason` in `dir`. */
export function pruneBackups(dir: string, reason: BackupReason, keep: number): string[] {
  const pattern = new RegExp(`^shop-backup-.*-${reason}(-\\d+)?\\.tar\\.gz$`);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => pattern.test(n));
  } catch {
    return [];
  }
  // The names start with the time they were taken: sorted by name is sorted by age.
  const removed = names.sort().reverse().slice(keep);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** True when the committed migrations hold one the database has not applied (and it has applied some). */
export async function hasPendingMigrations(database: Database): Promise<boolean> {
  const [present] = await queryRows<{ ok: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  // A database never migrated is empty: there is nothing to back up.
  if (!present?.ok) return false;
  const [last] = await queryRows<{ at: string | number | null }>(
    database.db,
    sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  );
  const applied = Number(last?.at ?? 0);
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.some((e) => e.when > applied);
}

/**
 * For runMigrations' beforeMigrating: a backup of an embedded database in DATA_DIR/backups when a
 * migration is about to change it. A failed backup stops the start: migrating without one is
 * exactly what this is here to prevent.
 */
export async function backupBeforeMigrating(database: Database, dataDir: string, logger?: Logger): Promise<string | null> {
  if (database.kind !== 'pglite' || !database.pglite || dataDir.startsWith('memory://')) return null;
  if (!(await hasPendingMigrations(database))) return null;
  const file = await writeBackup({ database, dataDir }, backupsDir(dataDir), 'before-migration');
  logger?.info({ file }, 'backup taken before migrating');
  return file;
}

/** The nightly backup of an embedded database; returns a stopper (a no-op on PostgreSQL or BACKUP_KEEP=0). */
export function startNightlyBackups(ctx: ServerContext, now: () => Date = () => new Date()): () => Promise<void> {
  const { database, env, logger } = ctx;
  if (database.kind !== 'pglite' || !database.pglite || env.BACKUP_KEEP === 0) return async () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const dir = backupsDir(env.DATA_DIR);
      const file = await database.withTryLock(LOCKS.backup, () => writeBackup({ database, dataDir: env.DATA_DIR }, dir, 'nightly'));
      if (file) {
        const removed = pruneBackups(dir, 'nightly', env.BACKUP_KEEP);
        logger.info({ file, removed }, 'nightly backup taken');
      }
    } catch (err) {
      logger.error({ err }, 'nightly backup failed');
    }
    if (!stopped) schedule();
  };
  const schedule = () => {
    timer = setTimeout(
      () => {
        running = run();
      },
      msUntilNextBackup(now(), env.BACKUP_HOUR),
    );
    timer.unref();
  };
  schedule();
  // Stopping waits for a backup being written: the database is closed after it at shutdown.
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
