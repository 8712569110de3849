// What a backup archive may hold, checked from its tar headers before anything is unpacked: only
// manifest.json, dump.sql and regular files under files/, with plain relative names, within the
// size limits. An archive is a file someone hands the shop; it must not write outside its temporary
// folder, fill the disk or the memory, or leave links behind. Decision 035.
import { createReadStream } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import path from 'node:path';
import * as tar from 'tar';
import type { ReadEntry } from 'tar';

/** A user-facing problem with a backup file or its target (printed without a stack trace). */
export class RestoreRefused extends Error {}

export interface ArchiveLimits {
  /** The most bytes the whole archive may unpack to (RESTORE_MAX_MB). */
  maxBytes: number;
}

/** More entries than any shop's backup has; bounds the inodes a hostile archive can make. */
const MAX_ENTRIES = 10_000;
/** The dump is loaded as one string: it cannot be longer than the longest string Node holds. */
const MAX_DUMP_BYTES = bufferConstants.MAX_STRING_LENGTH;

const MB = 1024 * 1024;

export function limitsFromMegabytes(mb: number): ArchiveLimits {
  return { maxBytes: mb * MB };
}

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}

/**
 * A plain relative name: forward slashes, no empty, `.` or `..` part, not absolute, nothing a
 * normalisation would change. Resolved against any folder, it stays inside it.
 */
export function isPlainRelativeName(name: string): boolean {
  if (!name || name.includes('\0') || name.includes('\\') || path.posix.isAbsolute(name)) return false;
  if (path.posix.normalize(name) !== name) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

const TOP_LEVEL = new Set(['manifest.json', 'dump.sql', 'files']);

/** Why this entry may not be unpacked, or null when it may. */
function refusal(entry: ReadEntry): string | null {
  const name = entry.path.replace(/\/$/, '');
  if (entry.type !== 'File' && entry.type !== 'Directory')
    return `it holds ${name}, which is a ${entry.type === 'SymbolicLink' || entry.type === 'Link' ? 'link' : entry.type}; a shop backup holds regular files only`;
  if (!isPlainRelativeName(name)) return `it holds an entry named ${JSON.stringify(name)}, which is not a plain relative name`;
  if (!TOP_LEVEL.has(name.split('/')[0] ?? '')) return `it holds ${name}, which a shop backup does not have`;
  if (entry.type === 'Directory' && (name === 'manifest.json' || name === 'dump.sql')) return `its ${name} is a folder`;
  return null;
}

/**
 * Reads every tar header of `file` (unpacking nothing) and refuses the archive if an entry is not a
 * regular file or folder with a plain name, or the sizes the headers declare exceed the limits. The
 * reading stops at the first header refused, so a small archive that unpacks to gigabytes is
 * turned away after reading its first header.
 */
export function inspectArchive(file: string, limits: ArchiveLimits): Promise<void> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let entries = 0;
    let refused: RestoreRefused | null = null;
    const input = createReadStream(file);
    const parser = new tar.Parser({
      strict: true,
      onReadEntry: (entry) => {
        if (refused) return entry.resume();
        entries++;
        total += entry.size;
        const why =
          refusal(entry) ??
          (entries > MAX_ENTRIES ? `it holds more than ${MAX_ENTRIES} entries` : null) ??
          (entry.path === 'dump.sql' && entry.size > MAX_DUMP_BYTES
            ? `its dump.sql is ${megabytes(entry.size)}, more than the ${megabytes(MAX_DUMP_BYTES)} the shop can load in one piece`
            : null) ??
          (total > limits.maxBytes
            ? `it unpacks to more than ${megabytes(limits.maxBytes)} (RESTORE_MAX_MB; ${entry.path} alone is ${megabytes(entry.size)})`
            : null);
        if (why) {
          refused = new RestoreRefused(`${file} was not restored: ${why}. Nothing was changed.`);
          input.destroy();
          parser.abort(refused);
        }
        entry.resume();
      },
    });
    const fail = () => {
      input.destroy();
      reject(refused ?? new RestoreRefused(`${file} is not a shop backup (it is not a .tar.gz archive).`));
    };
    parser.on('error', fail);
    input.on('error', fail);
    parser.on('end', () => (refused ? reject(refused) : entries === 0 ? fail() : resolve()));
    input.pipe(parser);
  });
}
