// What index.ts adds for the one writer and backups: the DATA_DIR lock before anything opens the
// embedded database, then the control listener and the nightly backup once the shop is up.
import path from 'node:path';
import type { ServerContext } from '../context';
import { ConfigError, type Env } from '../env';
import { startNightlyBackups } from './automatic';
import { startControlServer } from './control';
import { acquireDataDirLock, DataDirInUse, describeOwner, type DataDirLock } from './data-dir-lock';
import { DataDirNotPrivate, makeDataDirPrivate } from '../db/file-modes';

/** Takes DATA_DIR for this shop (PGlite only); a folder in use is a ConfigError with what to do. */
export function holdDataDir(env: Env): DataDirLock | null {
  if (env.DATABASE_URL) return null;
  try {
    return acquireDataDirLock(env.DATA_DIR, 'shop');
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    throw new ConfigError(
      `The data folder ${err.dataDir} is already in use by ${describeOwner(err.owner)}.\n` +
        'Two processes writing one embedded database would corrupt it, so this shop does not start.\n' +
        (err.owner.purpose === 'shop'
          ? 'Stop the other shop first, or give this one its own DATA_DIR (or a DATABASE_URL).'
          : 'Wait for that command to finish, then start the shop again.'),
    );
  }
}

/**
 * Closes DATA_DIR to other users before the shop opens anything in it; a mode the shop cannot
 * change stops the start. Returns the sentence for the start-up log when something was repaired.
 */
export function closeDataDir(env: Env): string | null {
  let repaired: string[];
  try {
    repaired = makeDataDirPrivate(env.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirNotPrivate)
      throw new ConfigError(`${err.message}\nThe shop does not start on a data folder others can read.`);
    throw err;
  }
  if (repaired.length === 0) return null;
  return `The data folder ${path.resolve(env.DATA_DIR)} was open to other users: ${repaired.length} file(s) and folder(s) are now readable and writable by the shop's user only (folders 0700, files 0600).`;
}

/** Starts the control listener (PGlite) and the nightly backups; returns a stopper. */
export async function startBackupServices(ctx: ServerContext): Promise<() => Promise<void>> {
  const stopNightly = startNightlyBackups(ctx);
  const control = ctx.database.kind === 'pglite' ? await startControlServer(ctx) : null;
  return async () => {
    await stopNightly();
    await control?.stop();
  };
}
