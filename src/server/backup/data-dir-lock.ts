// One writer for the embedded database: a lock file in DATA_DIR naming the process that holds it.
// The file holds the holder's pid and its start time (from /proc), so a lock left behind by a
// process that died (kill -9, a power cut) is recognised as stale and taken over, and a recycled pid
// is not mistaken for the old holder. Decision 017.
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'shop.lock';
/** Held for a moment while a stale lock is removed, so two takers never remove a live one. */
const TAKEOVER_FILE = 'shop.lock.takeover';
/** A takeover file older than this was left by a process that died in that moment. */
const TAKEOVER_STALE_MS = 10_000;

export interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), null where /proc is missing. */
  startTicks: number | null;
  /** 'shop' for a running shop, else the command holding it ('npm run db:migrate', …). */
  purpose: string;
  since: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(`${path.resolve(dataDir)} is in use by ${describeOwner(owner)}`);
  }
}

export function describeOwner(owner: LockOwner): string {
  const what = owner.purpose === 'shop' ? 'the running shop' : `\`${owner.purpose}\``;
  return `${what} (process ${owner.pid}, since ${owner.since})`;
}

/** A process's start time in clock ticks since boot, or null if it cannot be read (not Linux, gone). */
export function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.startTicks === null) return true;
  const ticks = processStartTicks(owner.pid);
  // Another process now carries the pid: the holder is gone.
  return ticks === null || ticks === owner.startTicks;
}

function readOwner(file: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return { pid: -1, startTicks: null, purpose: 'unknown', since: '?' };
    return {
      pid: parsed.pid,
      startTicks: typeof parsed.startTicks === 'number' ? parsed.startTicks : null,
      purpose: typeof parsed.purpose === 'string' ? parsed.purpose : 'unknown',
      since: typeof parsed.since === 'string' ? parsed.since : '?',
    };
  } catch {
    // Half-written (the writer died between open and write): nobody holds it.
    return { pid: -1, startTicks: null, purpose: 'unknown', since: '?' };
  }
}

/** The live process holding DATA_DIR, or null when it is free (no lock file, or a stale one). */
export function lockOwner(dataDir: string): LockOwner | null {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return owner && owner.pid > 0 && isAlive(owner) ? owner : null;
}

/** Removes the lock file if (and only if) its holder is dead; serialised by the takeover file. */
function removeStale(dataDir: string): void {
  const takeover = path.join(dataDir, TAKEOVER_FILE);
  let fd: number;
  try {
    fd = openSync(takeover, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) rmSync(takeover, { force: true });
    } catch {
      // removed meanwhile
    }
    return;
  }
  try {
    const file = path.join(dataDir, LOCK_FILE);
    const owner = readOwner(file);
    if (owner && !(owner.pid > 0 && isAlive(owner))) rmSync(file, { force: true });
  } finally {
    closeSync(fd);
    rmSync(takeover, { force: true });
  }
}

/**
 * Takes DATA_DIR for this process, or throws DataDirInUse naming the live holder. Released by
 * release() or when the process ends (a crash leaves a file that the next taker finds stale).
 */
export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, startTicks: processStartTicks(process.pid), purpose, since: new Date().toISOString() };
  // Written whole under a private name, then linked into place: link fails if the lock exists, and
  // nobody ever reads a half-written lock.
  const draft = path.join(dataDir, `${LOCK_FILE}.${process.pid}`);
  writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = lockOwner(dataDir);
      if (owner) throw new DataDirInUse(dataDir, owner);
      if (attempt >= 50) throw new Error(`Could not take the lock ${file}; try again.`);
      removeStale(dataDir);
      sleepSync(20);
    }
  } finally {
    rmSync(draft, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never a file another process wrote after ours was removed.
    if (readOwner(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { file, release };
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
