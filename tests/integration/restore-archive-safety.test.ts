// A restore writes only regular files with plain names inside DATA_DIR, never into the database,
// backups, lock or control file. An archive holding anything else (names leading out, links, more
// than the size limits, a manifest naming what a backup never holds) is refused with a sentence
// before the database is touched, nothing is written outside DATA_DIR, and the temporary folder
// is gone.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBackup } from '../../src/server/backup/archive';
import { limitsFromMegabytes } from '../../src/server/backup/archive-entries';
import { restoreBackup } from '../../src/server/backup/restore';
import { createPglite } from '../../src/server/db/client';
import { processEnv, runCommand } from '../support/data-dir-process';

const tmp = mkdtempSync(path.join(tmpdir(), 'restore-safety-'));
/** The restore's own temporary folders go here, so the test sees whether any is left behind. */
const restoreTmp = path.join(tmp, 'tmpdir');
const previousTmpdir = process.env.TMPDIR;
beforeAll(() => {
  mkdirSync(restoreTmp);
  process.env.TMPDIR = restoreTmp;
});
afterAll(() => {
  // Assigning undefined would set the text "undefined".
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(tmp, { recursive: true, force: true });
});

interface Entry {
  name: string;
  body?: string | Buffer;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link';
  linkpath?: string;
  /** A size the header declares, whatever the body (a small archive that says it unpacks to gigabytes). */
  declaredSize?: number;
}

/** A .tar.gz holding exactly these entries, names and types as given (no normalisation). */
function archive(name: string, entries: Entry[]): string {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = Buffer.from(e.body ?? '');
    const type = e.type ?? 'File';
    const header = new tar.Header({
      path: e.name,
      type,
      linkpath: e.linkpath,
      size: e.declaredSize ?? (type === 'File' ? body.length : 0),
      mode: type === 'Directory' ? 0o755 : 0o644,
      mtime: new Date('2026-03-01T00:00:00Z'),
    });
    const block = Buffer.alloc(512);
    header.encode(block);
    blocks.push(block);
    if (body.length) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const file = path.join(tmp, `${name}.tar.gz`);
  writeFileSync(file, gzipSync(Buffer.concat(blocks)));
  return file;
}

function manifest(files: string[]): Entry {
  return {
    name: 'manifest.json',
    body: JSON.stringify({ format: 1, createdAt: '2026-03-01T00:00:00.000Z', reason: 'manual', database: 'pglite', files }),
  };
}

const evilDump: Entry = { name: 'dump.sql', body: 'CREATE TABLE intruder (x int);\n' };

/** A restore into `dataDir` that sets up a database of one row (the state a refused restore must keep). */
const goodArchive = () =>
  archive('good', [
    manifest(['auth-secret']),
    { name: 'dump.sql', body: 'CREATE TABLE marker (x int);\nINSERT INTO marker VALUES (1);\n' },
    { name: 'files/', type: 'Directory' },
    { name: 'files/auth-secret', body: 'the-shop-secret' },
  ]);

describe('restoring an archive', () => {
  const app = path.join(tmp, 'app');
  const dataDir = path.join(app, 'data');
  let before: string[];

  beforeAll(async () => {
    mkdirSync(path.join(app, 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(app, 'dist', 'server', 'index.js'), '// the shop');
    const backup = await openBackup(goodArchive());
    try {
      await restoreBackup(backup, { dataDir });
    } finally {
      backup.dispose();
    }
    before = readdirSync(dataDir).sort();
  }, 60_000);

  afterEach(() => {
    // Nothing outside DATA_DIR, the database not replaced, no temporary folder left.
    expect(readdirSync(app).sort()).toEqual(['data', 'dist']);
    expect(readdirSync(path.join(app, 'dist', 'server'))).toEqual(['index.js']);
    expect(readFileSync(path.join(app, 'dist', 'server', 'index.js'), 'utf8')).toBe('// the shop');
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe('the-shop-secret');
    expect(readdirSync(restoreTmp)).toEqual([]);
  });

  const refused: [string, Entry[], RegExp][] = [
    [
      'a manifest naming ../escaped.txt',
      [manifest(['../escaped.txt']), evilDump, { name: 'escaped.txt', body: 'out' }],
      /holds escaped\.txt, which a shop backup does not have/,
    ],
    [
      'a manifest naming ../dist/server/index.js (the shop code beside the default DATA_DIR)',
      [manifest(['../dist/server/index.js']), evilDump, { name: 'dist/server/index.js', body: 'evil()' }],
      /holds dist\/server\/index\.js, which a shop backup does not have/,
    ],
    [
      'an entry named ../escaped.txt',
      [manifest([]), evilDump, { name: '../escaped.txt', body: 'out' }],
      /entry named "\.\.\/escaped\.txt", which is not a plain relative name/,
    ],
    [
      'an entry leading out from files/',
      [manifest(['../escaped.txt']), evilDump, { name: 'files/../../escaped.txt', body: 'out' }],
      /not a plain relative name/,
    ],
    ['an absolute entry', [manifest([]), evilDump, { name: path.join(app, 'escaped.txt'), body: 'out' }], /not a plain relative name/],
    [
      'a symbolic link',
      [
        manifest(['link/escaped.txt']),
        evilDump,
        { name: 'files/link', type: 'SymbolicLink', linkpath: app },
        { name: 'files/link/escaped.txt', body: 'out' },
      ],
      /holds files\/link, which is a link; a shop backup holds regular files only/,
    ],
    [
      'a hard link',
      [manifest(['secret']), evilDump, { name: 'files/secret', type: 'Link', linkpath: '/etc/hostname' }],
      /holds files\/secret, which is a link/,
    ],
    [
      'a manifest naming the database folder',
      [manifest(['pglite/PG_VERSION']), evilDump, { name: 'files/pglite/PG_VERSION', body: '1' }],
      /names pglite\/PG_VERSION, which belongs to the database, the backups or the lock/,
    ],
    [
      'a manifest naming the lock',
      [manifest(['shop.lock']), evilDump, { name: 'files/shop.lock', body: '{}' }],
      /names shop\.lock, which belongs to the database, the backups or the lock/,
    ],
    [
      'a manifest naming the control file',
      [manifest(['control.json']), evilDump, { name: 'files/control.json', body: '{}' }],
      /names control\.json, which belongs/,
    ],
    [
      'a manifest naming the backups',
      [manifest(['backups/x.tar.gz']), evilDump, { name: 'files/backups/x.tar.gz', body: 'x' }],
      /names backups\/x\.tar\.gz, which belongs/,
    ],
    ['a manifest naming a file it does not hold', [manifest(['missing']), evilDump], /names missing, which is not a file in the archive/],
    [
      'a manifest naming a folder',
      [manifest(['folder']), evilDump, { name: 'files/folder/', type: 'Directory' }],
      /names folder, which is not a file in the archive/,
    ],
    ['a manifest that is not JSON', [{ name: 'manifest.json', body: '{' }, evilDump], /its manifest\.json is not JSON/],
    [
      'a 1.5 GB dump in a small archive',
      [manifest([]), { name: 'dump.sql', body: 'x'.repeat(4096), declaredSize: 1_500_000_000 }],
      /its dump\.sql is 1431 MB, more than the 512 MB the shop can load in one piece/,
    ],
  ];

  it.each(refused)('refuses %s before touching anything', async (_what, entries, message) => {
    const file = archive('refused', entries);
    await expect(
      (async () => {
        const backup = await openBackup(file);
        try {
          await restoreBackup(backup, { dataDir, force: true });
        } finally {
          backup.dispose();
        }
      })(),
    ).rejects.toThrow(message);
    expect(existsSync(path.join(app, 'escaped.txt'))).toBe(false);
  });

  it('refuses an archive that unpacks to more than RESTORE_MAX_MB, reading its headers only', async () => {
    const file = archive('too-big', [
      manifest(['a', 'b']),
      evilDump,
      { name: 'files/a', body: Buffer.alloc(700 * 1024) },
      { name: 'files/b', body: Buffer.alloc(700 * 1024) },
    ]);
    await expect(openBackup(file, limitsFromMegabytes(1))).rejects.toThrow(
      /was not restored: it unpacks to more than 1\.0 MB \(RESTORE_MAX_MB; files\/b alone is 0\.7 MB\)\. Nothing was changed\./,
    );
  });

  it('refuses to write through a link inside the data folder, before the database is touched', async () => {
    const outside = path.join(app, 'dist');
    symlinkSync(outside, path.join(dataDir, 'uploads'));
    before = readdirSync(dataDir).sort();
    const file = archive('through-link', [manifest(['uploads/escaped.txt']), evilDump, { name: 'files/uploads/escaped.txt', body: 'out' }]);
    const backup = await openBackup(file);
    try {
      await expect(restoreBackup(backup, { dataDir, force: true })).rejects.toThrow(
        /would be written through .*uploads, which is not a folder \(a link, or something else\)/,
      );
    } finally {
      backup.dispose();
    }
    expect(existsSync(path.join(outside, 'escaped.txt'))).toBe(false);
    rmSync(path.join(dataDir, 'uploads'));
    before = readdirSync(dataDir).sort();
  });

  it('leaves the database as it was after all the refusals', async () => {
    const pg = await createPglite(path.join(dataDir, 'pglite'));
    try {
      expect((await pg.query('select x from marker')).rows).toEqual([{ x: 1 }]);
      expect((await pg.query("select to_regclass('intruder') as t")).rows).toEqual([{ t: null }]);
    } finally {
      await pg.close();
    }
  }, 60_000);

  it('npm run db:restore says why in a sentence, exits 1 and writes nothing outside DATA_DIR', async () => {
    for (const [name, entries] of [
      ['cli-escape', [manifest(['../dist/server/index.js']), evilDump, { name: 'dist/server/index.js', body: 'evil()' }]],
      ['cli-link', [manifest(['link']), evilDump, { name: 'files/link', type: 'SymbolicLink', linkpath: '/etc/passwd' }]],
    ] as const) {
      const run = await runCommand('restore', [archive(name, [...entries]), '--force'], processEnv(dataDir, { TMPDIR: restoreTmp }));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/was not restored: it holds .*\. Nothing was changed\./);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).not.toContain('Restored');
    }
  }, 120_000);
});
