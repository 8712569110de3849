// Loads a backup (archive.ts) into an empty PGlite folder or an empty PostgreSQL database, and puts
// its files back into DATA_DIR. A non-empty target is refused unless forced. Decision 017.
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../db/client';
import pg from 'pg';
import { REPLACED_PREFIX, type OpenedBackup } from './archive';
import { RestoreRefused } from './archive-entries';
import { makeDataDirPrivate } from '../db/file-modes';

export interface RestoreTarget {
  /** PostgreSQL to restore into, directly (never through a transaction pooler); without it, the PGlite folder in dataDir. */
  databaseUrl?: string;
  /** The setting databaseUrl came from, for messages (default DATABASE_URL). */
  databaseSetting?: string;
  dataDir: string;
  force?: boolean;
}

export interface RestoreResult {
  /** Where the replaced PGlite folder was moved (forced restore over an existing one). */
  replacedFolder?: string;
  files: number;
}

/** SET lines a dump from a newer PostgreSQL (PGlite is PostgreSQL 18) has that an older server refuses. */
const NEWER_SETTINGS: { setting: string; since: number }[] = [{ setting: 'transaction_timeout', since: 170000 }];

function forServer(sql: string, versionNum: number): string {
  let out = sql;
  for (const { setting, since } of NEWER_SETTINGS) {
    if (versionNum < since) out = out.replace(new RegExp(`^SET ${setting} = .*;$`, 'gm'), '');
  }
  return out;
}

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Refuses, before the database is touched, a file that would land anywhere but on a regular file
 * inside DATA_DIR: every folder on its way must be a real folder (a link there could lead out).
 * The names themselves were checked when the backup was opened.
 */
function checkFileTargets(backup: OpenedBackup, dataDir: string): void {
  const root = path.resolve(dataDir);
  for (const rel of backup.manifest.files) {
    const target = path.resolve(root, rel);
    if (!target.startsWith(root + path.sep))
      throw new RestoreRefused(`The backup names ${rel}, which is outside the data folder ${root}. Nothing was changed.`);
    const parts = rel.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = path.join(root, ...parts.slice(0, i));
      const stat = lstatSync(at, { throwIfNoEntry: false });
      if (!stat) break;
      const last = i === parts.length;
      if (last ? !stat.isFile() : !stat.isDirectory())
        throw new RestoreRefused(
          `The backup's file ${rel} would be written through ${at}, which is not a ${last ? 'regular file' : 'folder'} (a link, or something else). Move it away, then restore again. Nothing was changed.`,
        );
    }
  }
}

function restoreFiles(backup: OpenedBackup, dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const rel of backup.manifest.files) {
    const to = path.join(dataDir, rel);
    mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
    copyFileSync(path.join(backup.filesDir, rel), to);
    chmodSync(to, 0o600);
  }
  return backup.manifest.files.length;
}

/** Loads a dump into an open (empty) PGlite, in one transaction. */
export async function loadIntoPglite(client: PGlite, dump: string): Promise<void> {
  await client.exec(`BEGIN;\n${dump}\nCOMMIT;`);
  // The dump empties the session's search path; whoever uses this connection next expects the usual one.
  await client.exec('RESET search_path');
}

async function intoPglite(backup: OpenedBackup, target: RestoreTarget): Promise<RestoreResult> {
  const folder = path.resolve(target.dataDir, 'pglite');
  let replacedFolder: string | undefined;
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    if (!target.force)
      throw new RestoreRefused(
        `${folder} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it (the current one is kept beside it as ${REPLACED_PREFIX}<time>).`,
      );
    replacedFolder = path.resolve(target.dataDir, `${REPLACED_PREFIX}${stamp()}`);
    renameSync(folder, replacedFolder);
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const client = await createPglite(folder);
  try {
    await loadIntoPglite(client, backup.sql);
  } catch (err) {
    await client.close().catch(() => undefined);
    // Nothing half-restored stays behind; a replaced database goes back where it was.
    rmSync(folder, { recursive: true, force: true });
    if (replacedFolder) renameSync(replacedFolder, folder);
    throw new RestoreRefused(`The backup's SQL did not load into PGlite: ${err instanceof Error ? err.message : String(err)}`);
  }
  await client.close();
  const files = restoreFiles(backup, target.dataDir);
  // The new database's files were written 0666 by PGlite.
  makeDataDirPrivate(target.dataDir);
  return { replacedFolder, files };
}

async function intoPostgres(backup: OpenedBackup, target: RestoreTarget & { databaseUrl: string }): Promise<RestoreResult> {
  const setting = target.databaseSetting ?? 'DATABASE_URL';
  const client = new pg.Client({ connectionString: target.databaseUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new RestoreRefused(`Could not connect to ${setting}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace where c.relkind in ('r', 'p', 'S', 'v', 'm') and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%'",
    );
    const version = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    if ((rows[0]?.n ?? 0) > 0) {
      if (!target.force)
        throw new RestoreRefused(
          `The database at ${setting} is not empty. Restore into an empty database, or add --force to drop its schemas public and drizzle first.`,
        );
      await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;');
    }
    try {
      // One simple-protocol query is one transaction: all of it loads, or nothing does.
      await client.query(`BEGIN;\n${forServer(backup.sql, Number(version.rows[0]?.v ?? 0))}\nCOMMIT;`);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new RestoreRefused(`The backup's SQL did not load into PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  const files = restoreFiles(backup, target.dataDir);
  makeDataDirPrivate(target.dataDir);
  return { files };
}

export async function restoreBackup(backup: OpenedBackup, target: RestoreTarget): Promise<RestoreResult> {
  checkFileTargets(backup, target.dataDir);
  return target.databaseUrl ? intoPostgres(backup, { ...target, databaseUrl: target.databaseUrl }) : intoPglite(backup, target);
}
