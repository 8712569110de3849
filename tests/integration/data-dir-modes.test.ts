// The data folder is the shop user's alone: after the shop starts (also on a folder whose modes
// were opened up), after it writes, and after db:migrate, db:backup and db:restore, every folder
// under DATA_DIR is 0700 and every file 0600, and the start-up log says what was repaired.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from '../../src/server/db/client';
import { processEnv, runCommand, startShopProcess, type ShopProcess } from '../support/data-dir-process';

const tmp = mkdtempSync(path.join(tmpdir(), 'data-dir-modes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Everything under dir (dir included) that is not private: folders not 0700, files not 0600. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const check = (file: string) => {
    const stat = lstatSync(file);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory() ? mode !== 0o700 : stat.isFile() && mode !== 0o600)
      found.push(`${path.relative(dir, file) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(file)) check(path.join(file, name));
  };
  check(dir);
  return found;
}

/** As an unpacked copy or another tool might leave it: folders 0755, files 0666. */
function openUp(dir: string): void {
  const walk = (file: string) => {
    const stat = lstatSync(file);
    chmodSync(file, stat.isDirectory() ? 0o755 : 0o666);
    if (stat.isDirectory()) for (const name of readdirSync(file)) walk(path.join(file, name));
  };
  walk(dir);
}

/** Files under dir written at or after `since` (ms). */
function writtenSince(dir: string, since: number): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const stat = statSync(file);
      if (stat.isDirectory()) walk(file);
      else if (stat.mtimeMs >= since) found.push(path.relative(dir, file));
    }
  };
  walk(dir);
  return found;
}

describe('the data folder', () => {
  const dataDir = path.join(tmp, 'data');
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    // A database made the way PGlite makes one (files 0666), and a secret and folder left open.
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    const pg = await createPglite(path.join(dataDir, 'pglite'));
    await pg.close();
    writeFileSync(path.join(dataDir, 'auth-secret'), 'a-development-secret', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'uploads', 'note.txt'), 'kept', { mode: 0o644 });
    openUp(dataDir);
  }, 60_000);
  afterAll(async () => {
    await shop?.stop();
  });

  it('is repaired at start, says so in the start-up log, and stays private while the shop writes', async () => {
    expect(notPrivate(dataDir).length).toBeGreaterThan(100);
    shop = await startShopProcess(dataDir);
    expect(shop.output()).toContain(`The data folder ${dataDir} was open to other users`);
    expect(shop.output()).toContain('now readable and writable by the shop');
    expect(notPrivate(dataDir)).toEqual([]);

    // Data written after the start (accounts, sessions, their WAL) lands in files of the same modes.
    const since = Date.now() - 1000;
    for (let i = 0; i < 5; i++) {
      const signUp = await fetch(`${shop.url}/api/account/sign-up`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: shop.url },
        body: JSON.stringify({
          fullName: 'Achieng Otieno',
          email: `customer${i}@example.co.ke`,
          phone: `0712 345 67${i}`,
          address: 'Kisumu',
          password: 'correct-horse-1',
        }),
      });
      expect(signUp.status).toBe(201);
    }
    expect(writtenSince(path.join(dataDir, 'pglite'), since).length).toBeGreaterThan(0);
    expect(notPrivate(dataDir)).toEqual([]);

    // A backup the running shop takes.
    const backup = await runCommand('backup', [], processEnv(dataDir));
    expect(backup.stdout).toMatch(/^Backup written to /m);
    expect(notPrivate(dataDir)).toEqual([]);
    await shop.stop();
    shop = undefined;
  }, 180_000);

  it('is private after db:migrate, db:backup and db:restore, each run on a folder opened up', async () => {
    await shop?.stop();
    shop = undefined;
    openUp(dataDir);
    const migrate = await runCommand('migrate', [], processEnv(dataDir));
    expect(migrate.stderr).toBe('');
    expect(migrate.code).toBe(0);
    expect(notPrivate(dataDir)).toEqual([]);

    openUp(dataDir);
    const backup = await runCommand('backup', [], processEnv(dataDir));
    expect(backup.stderr).toBe('');
    const file = /^Backup written to (.*)$/m.exec(backup.stdout)?.[1];
    expect(file).toBeDefined();
    expect(notPrivate(dataDir)).toEqual([]);

    const restoredDir = path.join(tmp, 'restored');
    const restore = await runCommand('restore', [file!], processEnv(restoredDir));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(readdirSync(restoredDir)).toEqual(expect.arrayContaining(['auth-secret', 'pglite', 'uploads']));
    expect(notPrivate(restoredDir)).toEqual([]);
  }, 240_000);
});
