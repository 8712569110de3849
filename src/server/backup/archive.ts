// A backup of the whole shop in one .tar.gz: manifest.json, dump.sql (a plain SQL dump that PGlite
// and any PostgreSQL server can load) and files/ (what else DATA_DIR holds; uploaded images live in
// the `media` table, so they are in the dump). Decision 017.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import * as tar from 'tar';
import type { Database } from '../db/client';
import { childProcessEnv } from '../env';
import { inspectArchive, isPlainRelativeName, limitsFromMegabytes, RestoreRefused, type ArchiveLimits } from './archive-entries';
import { LOCK_FILE } from './data-dir-lock';

const BACKUP_FORMAT = 1;
/** RESTORE_MAX_MB's default (env.ts): what an archive may unpack to, all entries together. */
const DEFAULT_RESTORE_MAX_MB = 1024;
export const BACKUPS_FOLDER = 'backups';
/** What the running shop writes for the commands that work through it (control.ts). */
export const CONTROL_FILE = 'control.json';
/** Where a forced restore puts the PGlite folder it replaces. */
export const REPLACED_PREFIX = 'pglite.replaced-';

/** Portable SQL: no owners or grants of the source server, rows as INSERTs (loadable without COPY). */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=100'];

export type BackupReason = 'manual' | 'nightly' | 'before-migration';

interface BackupManifest {
  format: number;
  createdAt: string;
  reason: BackupReason;
  /** The database the dump was taken from. */
  database: 'pglite' | 'postgres';
  /** Files from DATA_DIR, relative to it, under files/ in the archive. */
  files: string[];
}

export interface BackupSource {
  database: Database;
  /** PostgreSQL: the connection URL pg_dump reads from. */
  databaseUrl?: string;
  /** The shop's data folder; its files (not the database folder) go into the backup. */
  dataDir?: string;
}

export class BackupError extends Error {}

/** A simple-protocol Query message, for the few statements run beside pg_dump on its connection. */
function simpleQuery(sql: string): Uint8Array {
  const body = Buffer.from(`${sql}\0`, 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg.write('Q', 0, 'latin1');
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

/** psql-only lines (\restrict …) that recent pg_dump versions write; no driver understands them. */
function withoutMetaCommands(sql: string): string {
  return sql.replace(/^\\(?:un)?restrict\b.*\r?\n?/gim, '');
}

/**
 * pg_dump (compiled to WASM) over PGlite's one connection. Both of PGlite's locks are held for the
 * whole dump, so no query or transaction of the shop runs between its statements (they wait, a
 * second or two for a small shop), and the dump sees one committed state.
 */
async function dumpPglite(pg: PGlite): Promise<string> {
  const shown = await pg.query<{ search_path: string }>('show search_path');
  const searchPath = shown.rows[0]?.search_path ?? 'public';
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      // pgDump's own query()/exec() would wait for the locks held here: it gets them without locks.
      const run = (sql: string) => pg.execProtocolRawStream(simpleQuery(sql), { onRawData: () => undefined });
      const unlocked = {
        query: async () => ({ rows: [{ search_path: searchPath }] }),
        exec: async (sql: string) => {
          await run(sql);
          return [];
        },
        execProtocolRawStream: pg.execProtocolRawStream.bind(pg),
      };
      try {
        const file = await pgDump({ pg: unlocked as unknown as PGlite, args: DUMP_ARGS });
        return withoutMetaCommands(await file.text());
      } finally {
        // pg_dump "disconnects" without ending its read-only transaction (PGlite's one session goes
        // on), empties the search path and leaves prepared statements behind: undo all three, or
        // the shop's next transaction would run inside the dump's, read-only, seeing no tables.
        await run('ROLLBACK');
        await run('DEALLOCATE ALL');
        await run(`SET search_path = ${searchPath}`);
      }
    }),
  );
}

/** The PostgreSQL client's pg_dump; the password goes through the environment, not the command line. */
async function dumpPostgres(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn('pg_dump', [...DUMP_ARGS, `--dbname=${url.toString()}`], {
    env: childProcessEnv(password ? { PGPASSWORD: password } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT')
      throw new BackupError(
        'pg_dump was not found. Install the PostgreSQL client tools of the same major version as the server (Debian/Ubuntu: apt install postgresql-client).',
      );
    throw e;
  });
  if (code !== 0) throw new BackupError(`pg_dump failed: ${err.trim() || `exit code ${code}`}`);
  return withoutMetaCommands(Buffer.concat(out).toString('utf8'));
}

async function dumpDatabase(source: BackupSource): Promise<string> {
  if (source.database.kind === 'pglite') {
    if (!source.database.pglite) throw new BackupError('This PGlite handle cannot be dumped.');
    return dumpPglite(source.database.pglite);
  }
  if (!source.databaseUrl) throw new BackupError('A PostgreSQL backup needs DATABASE_URL.');
  return dumpPostgres(source.databaseUrl);
}

/** Files of DATA_DIR that belong in a backup: everything but the database, backups and lock files. */
function dataDirFiles(dataDir: string, exclude: string[] = []): string[] {
  if (!existsSync(dataDir)) return [];
  const skipped = new Set(['pglite', BACKUPS_FOLDER, CONTROL_FILE]);
  const excluded = exclude.map((p) => path.resolve(p));
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dataDir, rel), { withFileTypes: true })) {
      const relPath = rel ? path.join(rel, entry.name) : entry.name;
      const abs = path.resolve(dataDir, relPath);
      if (!rel && (skipped.has(entry.name) || entry.name.startsWith(LOCK_FILE) || entry.name.startsWith(REPLACED_PREFIX))) continue;
      if (excluded.some((e) => abs === e || abs.startsWith(e + path.sep))) continue;
      if (entry.isDirectory()) walk(relPath);
      else if (entry.isFile()) found.push(relPath);
    }
  };
  walk('');
  return found.sort();
}

function timestamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Writes a backup into `dir` (created if need be) and returns its path. The archive is readable by
 * its owner only: it holds password hashes, sessions and the shop's secrets.
 */
export async function writeBackup(source: BackupSource, dir: string, reason: BackupReason, now = new Date()): Promise<string> {
  const target = path.resolve(dir);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const sql = await dumpDatabase(source);
  const files = source.dataDir ? dataDirFiles(source.dataDir, [target]) : [];
  const staging = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
  try {
    writeFileSync(path.join(staging, 'dump.sql'), sql, { mode: 0o600 });
    for (const rel of files) {
      const to = path.join(staging, 'files', rel);
      mkdirSync(path.dirname(to), { recursive: true });
      writeFileSync(to, readFileSync(path.join(source.dataDir ?? '', rel)), { mode: 0o600 });
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), reason, database: source.database.kind, files };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    let name = `shop-backup-${timestamp(now)}-${reason}.tar.gz`;
    for (let n = 2; existsSync(path.join(target, name)); n++) name = `shop-backup-${timestamp(now)}-${reason}-${n}.tar.gz`;
    const partial = path.join(target, `.${name}.partial`);
    await tar.create({ gzip: { level: 9 }, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'dump.sql',
      ...(files.length ? ['files'] : []),
    ]);
    chmodSync(partial, 0o600);
    // Whole or not at all: a crash mid-write never leaves a file that looks like a backup.
    renameSync(partial, path.join(target, name));
    return path.join(target, name);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export interface OpenedBackup {
  manifest: BackupManifest;
  sql: string;
  /** Extracted files/ folder (paths relative to it are manifest.files). */
  filesDir: string;
  dispose(): void;
}

/** Folders and files of DATA_DIR a backup's files never replace: the database, backups, lock and control file. */
function isReservedDataDirName(rel: string): boolean {
  const top = rel.split('/')[0] ?? '';
  return top === 'pglite' || top === BACKUPS_FOLDER || top === CONTROL_FILE || top.startsWith(LOCK_FILE) || top.startsWith(REPLACED_PREFIX);
}

/** The manifest as this shop writes it; anything else is not a backup to restore. */
function readManifest(file: string, manifestFile: string, filesDir: string): BackupManifest {
  let parsed: Partial<BackupManifest>;
  try {
    parsed = JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new RestoreRefused(`${file} is not a shop backup (its manifest.json is not JSON).`);
  }
  if (parsed.format !== BACKUP_FORMAT)
    throw new RestoreRefused(`${file} has backup format ${String(parsed.format)}; this version of the shop reads format ${BACKUP_FORMAT}.`);
  const files: unknown = parsed.files;
  if (!Array.isArray(files) || !files.every((f): f is string => typeof f === 'string'))
    throw new RestoreRefused(`${file} is not a shop backup (its manifest.json has no list of files).`);
  for (const rel of files) {
    if (!isPlainRelativeName(rel))
      throw new RestoreRefused(
        `${file} was not restored: its manifest names the file ${JSON.stringify(rel)}, which is not a plain name inside the data folder. Nothing was changed.`,
      );
    if (isReservedDataDirName(rel))
      throw new RestoreRefused(
        `${file} was not restored: its manifest names ${rel}, which belongs to the database, the backups or the lock, not to the files a backup puts back. Nothing was changed.`,
      );
    const stat = lstatSync(path.join(filesDir, rel), { throwIfNoEntry: false });
    if (!stat?.isFile())
      throw new RestoreRefused(
        `${file} was not restored: its manifest names ${rel}, which is not a file in the archive. Nothing was changed.`,
      );
  }
  return { ...(parsed as BackupManifest), files };
}

/**
 * Unpacks a backup into a temporary folder (removed again on any refusal, and by dispose()). The
 * archive's headers are checked first (archive-entries.ts): nothing is unpacked from an archive
 * holding links, odd names or more than the size limits. Throws RestoreRefused with a sentence.
 */
export async function openBackup(file: string, limits: ArchiveLimits = limitsFromMegabytes(DEFAULT_RESTORE_MAX_MB)): Promise<OpenedBackup> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefused(`${file} does not exist or is not a file.`);
  await inspectArchive(file, limits);
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-restore-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    try {
      // The headers were checked; the filter keeps to files and folders should the file change meanwhile.
      await tar.extract({
        file,
        cwd: dir,
        strict: true,
        filter: (_p, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch {
      throw new RestoreRefused(`${file} is not a shop backup (it is not a .tar.gz archive).`);
    }
    const manifestFile = path.join(dir, 'manifest.json');
    const sqlFile = path.join(dir, 'dump.sql');
    if (!lstatSync(manifestFile, { throwIfNoEntry: false })?.isFile() || !lstatSync(sqlFile, { throwIfNoEntry: false })?.isFile())
      throw new RestoreRefused(`${file} is not a shop backup (no manifest.json and dump.sql inside).`);
    const filesDir = path.join(dir, 'files');
    const manifest = readManifest(file, manifestFile, filesDir);
    return { manifest, sql: readFileSync(sqlFile, 'utf8'), filesDir, dispose };
  } catch (err) {
    dispose();
    throw err;
  }
}
