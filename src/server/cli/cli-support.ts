// What every command shares: clear messages instead of stack traces for a user's mistake, and the
// one-writer rule for the embedded database (take DATA_DIR, or go through the running shop, or
// refuse naming what to do). Decision 017.
import path from 'node:path';
import { BackupError } from '../backup/archive';
import { RestoreRefused } from '../backup/archive-entries';
import { readControlFile, type ControlAnswer } from '../backup/control';
import { acquireDataDirLock, DataDirInUse, describeOwner, type DataDirLock, type LockOwner } from '../backup/data-dir-lock';
import { DataDirNotPrivate, useOwnerOnlyUmask } from '../db/file-modes';
import { ConfigError, type Env } from '../env';

/** A problem the person running the command can fix: printed as it is, no stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * Runs a command's body; a user error prints its message and sets the exit code. What a command
 * writes (database files, backups, restored secrets) is readable by its user only.
 */
export async function runCli(main: () => Promise<void>): Promise<void> {
  useOwnerOnlyUmask();
  try {
    await main();
  } catch (err) {
    if (
      err instanceof UserError ||
      err instanceof ConfigError ||
      err instanceof RestoreRefused ||
      err instanceof BackupError ||
      err instanceof DataDirNotPrivate
    ) {
      console.error(`\n${err.message}\n`);
      process.exitCode = err instanceof UserError ? err.exitCode : 1;
      return;
    }
    console.error(err);
    process.exitCode = 1;
  }
}

export type DataDirAccess =
  /** This command holds DATA_DIR (null with DATABASE_URL: PostgreSQL takes several writers). */
  | { kind: 'held'; lock: DataDirLock | null }
  /** A running shop holds it: work through it, or refuse. */
  | { kind: 'shop'; owner: LockOwner };

/** Takes DATA_DIR for `command`, or reports the running shop holding it; another command holding it is refused. */
export function claimDataDir(env: Env, command: string): DataDirAccess {
  if (env.DATABASE_URL) return { kind: 'held', lock: null };
  try {
    return { kind: 'held', lock: acquireDataDirLock(env.DATA_DIR, command) };
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    if (err.owner.purpose === 'shop') return { kind: 'shop', owner: err.owner };
    throw new UserError(
      `The data folder ${err.dataDir} is in use by ${describeOwner(err.owner)}.\nWait for it to finish, then run \`${command}\` again.`,
    );
  }
}

/** The refusal for a command that cannot run while the shop holds the embedded database. */
export function refuseWhileShopRuns(env: Env, owner: LockOwner, whatToDo: string): UserError {
  return new UserError(
    `The shop is running on ${path.resolve(env.DATA_DIR)} (process ${owner.pid}, since ${owner.since}), and it is the only writer of its embedded database.\n${whatToDo}`,
  );
}

/** Sends a command to the running shop's control listener. */
export async function askRunningShop(env: Env, owner: LockOwner, command: string, body: Record<string, unknown>): Promise<ControlAnswer> {
  const control = readControlFile(env.DATA_DIR);
  if (!control || control.pid !== owner.pid)
    throw new UserError(`The shop (process ${owner.pid}) is still starting on ${path.resolve(env.DATA_DIR)}. Try again in a moment.`);
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${control.port}${command}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10 * 60_000),
    });
  } catch (err) {
    throw new UserError(
      `The shop (process ${owner.pid}) holds ${path.resolve(env.DATA_DIR)} but did not answer (${err instanceof Error ? err.message : String(err)}). Check that it is healthy, or restart it, and try again.`,
    );
  }
  const answer = (await res.json().catch(() => null)) as ControlAnswer | null;
  if (!answer) throw new UserError(`The shop answered ${res.status} without a message.`);
  if (res.status >= 500) throw new UserError(`The shop could not do it: ${answer.message}`);
  return answer;
}
