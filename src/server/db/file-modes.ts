// DATA_DIR holds the embedded database (its WAL carries sessions and password-reset tokens), the
// backups and the shop's secrets: only the user the shop runs as may read it. Folders are 0700 and
// files 0600. PGlite writes its first files 0666 and its relation-cache files 0644 whatever the
// umask, so a walk repairs what exists after every step that creates files. Decision 035.
import { chmodSync, existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/** Files and folders this process creates from now on are its user's only. */
export function useOwnerOnlyUmask(): void {
  process.umask(0o077);
}

/** A part of DATA_DIR whose mode the shop cannot change (another user owns it). */
export class DataDirNotPrivate extends Error {}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

function repair(file: string, mode: number, repaired: string[]): void {
  try {
    chmodSync(file, mode);
  } catch (err) {
    // Removed meanwhile (PGlite recycles WAL segments while the shop runs).
    if (code(err) === 'ENOENT') return;
    throw new DataDirNotPrivate(
      `${file} is readable or writable by other users and the shop cannot change that (${code(err) ?? String(err)}). ` +
        `Give the data folder to the user the shop runs as (chown -R <user> ${path.dirname(file)}), then start again.`,
    );
  }
  repaired.push(file);
}

/**
 * Makes `dir` and everything under it private to this user: folders 0700, files 0600. Symbolic
 * links are not followed (their targets are not the shop's to change). Returns what was repaired;
 * throws DataDirNotPrivate if a mode cannot be changed.
 */
export function makeDataDirPrivate(dir: string): string[] {
  const repaired: string[] = [];
  if (!existsSync(dir)) return repaired;
  // The folder itself may be a link to where the data really lives: that folder is the one to close.
  if ((statSync(dir).mode & 0o777) !== PRIVATE_FOLDER) repair(dir, PRIVATE_FOLDER, repaired);
  const walk = (folder: string) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch (err) {
      if (code(err) === 'ENOENT') return;
      throw err;
    }
    for (const name of names) {
      const file = path.join(folder, name);
      let stat;
      try {
        stat = lstatSync(file);
      } catch (err) {
        if (code(err) === 'ENOENT') continue;
        throw err;
      }
      if (stat.isDirectory()) {
        if ((stat.mode & 0o777) !== PRIVATE_FOLDER) repair(file, PRIVATE_FOLDER, repaired);
        walk(file);
      } else if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE) {
        repair(file, PRIVATE_FILE, repaired);
      }
    }
  };
  walk(dir);
  return repaired;
}
