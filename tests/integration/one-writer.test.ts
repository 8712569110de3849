// One writer for the embedded database, with real processes: a second shop on a data folder in use
// is refused and changes nothing; admin:create and db:backup work through the running shop (and
// print its address); db:migrate is refused naming what to do; a shop killed with kill -9 leaves no
// lock behind; a backup restores into an empty folder and a non-empty one is refused. Plus the lock
// itself, in-process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUse, LOCK_FILE, lockOwner, processStartTicks } from '../../src/server/backup/data-dir-lock';
import { freePort } from '../e2e/support/shop-server';
import { shopArgs } from '../support/built-server';
import { processEnv as baseEnv, runCommand as cli, startShopProcess as startShop, type ShopProcess } from '../support/data-dir-process';

const tmp = mkdtempSync(path.join(tmpdir(), 'one-writer-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once('exit', (code) => r(code)));
}

describe('the data folder lock', () => {
  it('is refused while held, and taken over from a dead holder or a recycled pid', () => {
    const dir = path.join(tmp, 'lock');
    const lock = acquireDataDirLock(dir, 'npm run db:seed');
    expect(() => acquireDataDirLock(dir, 'shop')).toThrow(DataDirInUse);
    expect(lockOwner(dir)).toMatchObject({ pid: process.pid, purpose: 'npm run db:seed' });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    // A holder that died (no such process), and one whose pid now belongs to another process.
    for (const stale of [
      { pid: 2 ** 22 + 12345, startTicks: 1 },
      { pid: process.pid, startTicks: (processStartTicks(process.pid) ?? 0) + 1 },
    ]) {
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ ...stale, purpose: 'shop', since: 'earlier' }));
      expect(lockOwner(dir)).toBeNull();
      const taken = acquireDataDirLock(dir, 'shop');
      expect(lockOwner(dir)).toMatchObject({ pid: process.pid, purpose: 'shop' });
      taken.release();
    }
  });
});

describe('one writer for the embedded database', () => {
  const dataDir = path.join(tmp, 'shop');
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop(dataDir);
  }, 90_000);
  afterAll(() => {
    if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
  });

  it('refuses a second shop on the same data folder, changing nothing', async () => {
    const lockBefore = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
    const filesBefore = readdirSync(dataDir).sort();
    const second = spawn(process.execPath, await shopArgs(), {
      env: baseEnv(dataDir, { PORT: String(await freePort()) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    second.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exited(second)).toBe(1);
    expect(err).toContain(`The data folder ${dataDir} is already in use by the running shop (process ${shop.child.pid}`);
    expect(err).toContain('Stop the other shop first, or give this one its own DATA_DIR');
    expect(err).not.toMatch(/\n\s+at /);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(lockBefore);
    expect(readdirSync(dataDir).sort()).toEqual(filesBefore);
  }, 60_000);

  it('makes an admin through the running shop, printing the address the shop is configured with', async () => {
    const signUp = await fetch(`${shop.url}/api/account/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shop.url },
      body: JSON.stringify({
        fullName: 'Wanjiku Kamau',
        email: 'owner@example.co.ke',
        phone: '0712 345 678',
        address: 'Westlands, Nairobi',
        password: 'correct-horse-1',
      }),
    });
    expect(signUp.status).toBe(201);
    const made = await cli('admin-create', ['--email', 'owner@example.co.ke'], baseEnv(dataDir));
    expect(made.stderr).toBe('');
    expect(made).toMatchObject({ code: 0 });
    expect(made.stdout).toContain('owner@example.co.ke is now an admin');
    expect(made.stdout).toContain(`${shop.url}/auth`);
    expect(made.stdout).not.toContain('localhost:3000');

    const unknown = await cli('admin-create', ['--email', 'ghost@example.com'], baseEnv(dataDir));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No account uses ghost@example.com. Sign up at ${shop.url}/auth`);
  }, 60_000);

  it('refuses db:migrate while the shop runs, saying what to do', async () => {
    const migrate = await cli('migrate', [], baseEnv(dataDir));
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain(`The shop is running on ${dataDir} (process ${shop.child.pid}`);
    expect(migrate.stderr).toContain('restart the shop');
    expect(migrate.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('takes a backup through the running shop, survives kill -9, and the backup restores into an empty folder only', async () => {
    const backupDir = path.join(tmp, 'off-site');
    const backup = await cli('backup', ['--to', backupDir], baseEnv(dataDir));
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^Backup written to .*shop-backup-.*-manual\.tar\.gz$/m);
    const [file] = readdirSync(backupDir);
    expect(file).toBeDefined();

    // The shop dies without releasing anything; the next command takes the folder over.
    shop.child.kill('SIGKILL');
    await exited(shop.child);
    const again = await cli('admin-create', ['--email', 'owner@example.co.ke'], baseEnv(dataDir, { PORT: '4321' }));
    expect(again.stdout).toContain('owner@example.co.ke is already an admin. Nothing changed.');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const restoredDir = path.join(tmp, 'restored');
    const restore = await cli('restore', [path.join(backupDir, file!)], baseEnv(restoredDir));
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain(`into ${path.join(restoredDir, 'pglite')}`);
    expect(readFileSync(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));
    const promoted = await cli('admin-create', ['--email', 'owner@example.co.ke'], baseEnv(restoredDir));
    expect(promoted.stdout).toContain('already an admin');

    const refused = await cli('restore', [path.join(backupDir, file!)], baseEnv(restoredDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds a database');
    expect(refused.stderr).toContain('--force');
    const notABackup = await cli('restore', [path.join(dataDir, 'auth-secret')], baseEnv(path.join(tmp, 'empty')));
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toContain('is not a shop backup');
  }, 120_000);
});
