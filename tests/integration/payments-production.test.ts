// NODE_ENV=production without Pesapal keys must not start at all: the simulator would accept every
// "payment". The real start command (src/server/index.ts) is run as a process, with every other
// production setting present, and must exit with the reason before it opens a port or a database.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/shop-server';
import { shopArgs } from '../support/built-server';

const tempRoot = mkdtempSync(path.join(tmpdir(), 'shop-production-'));
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

async function startProduction(extra: Record<string, string>) {
  const port = await freePort();
  const dataDir = path.join(tempRoot, `data-${port}`);
  const child = spawn(process.execPath, await shopArgs(), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'Vb6m3k8yYt4m7S0o2m0VQp4r8h6y2T9aEq1Xv0mZ0c3Ln5Wj7Hd2Gs9Fk4Ru1Pe8Ix6Bz3Na',
      SMTP_URL: 'smtp://127.0.0.1:1',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 25_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const listening = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  return { code, output, listening, dataDirCreated: existsSync(dataDir) };
}

describe('the Pesapal simulator in production', () => {
  it.each([
    ['no keys', {}],
    ['a key without its secret', { PESAPAL_CONSUMER_KEY: 'live-key' }],
  ])(
    'refuses to start with %s',
    async (_name, keys) => {
      const run = await startProduction(keys);
      expect(run.code).toBe(1);
      expect(run.output).toContain('NODE_ENV=production needs:');
      expect(run.output).toContain('PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET (the simulator is refused in production)');
      expect(run.output).not.toContain('Pesapal simulator (built in)');
      expect(run.listening).toBe(false);
      expect(run.dataDirCreated).toBe(false);
    },
    40_000,
  );
});
