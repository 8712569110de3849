// NODE_ENV=production without an SMS account must not start: the development SMS box would swallow
// every order update. SMS_DISABLED=1 is the deliberate way out. The real start command
// (src/server/index.ts) is run as a process with every other production setting present; when it
// starts, its start-up lines name the SMS transport and /dev/sms does not exist, even from loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/shop-server';
import { shopArgs } from '../support/built-server';

const tempRoot = mkdtempSync(path.join(tmpdir(), 'shop-sms-production-'));
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

interface Run {
  code: number | null;
  output: string;
  port: number;
  child: ChildProcess;
}

/** Starts the shop in production; resolves when it exits or says it is running. */
async function startProduction(extra: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, await shopArgs(), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example',
      DATA_DIR: path.join(tempRoot, `data-${port}`),
      AUTH_SECRET: 'Vb6m3k8yYt4m7S0o2m0VQp4r8h6y2T9aEq1Xv0mZ0c3Ln5Wj7Hd2Gs9Fk4Ru1Pe8Ix6Bz3Na',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'Shop <orders@shop.example>',
      PESAPAL_CONSUMER_KEY: 'live-key',
      PESAPAL_CONSUMER_SECRET: 'live-secret',
      PESAPAL_BASE_URL: 'http://127.0.0.1:1',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      ETIMS_DISABLED: '1',
      LOG_LEVEL: 'silent',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve(null);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, output, port, child };
}

async function stop(run: Run): Promise<void> {
  if (run.child.exitCode !== null) return;
  const exited = new Promise((resolve) => run.child.once('exit', resolve));
  run.child.kill('SIGTERM');
  await exited;
}

describe('SMS in production', () => {
  it('refuses to start without an SMS account', async () => {
    const run = await startProduction({});
    expect(run.code).toBe(1);
    expect(run.output).toContain('NODE_ENV=production needs:');
    expect(run.output).toContain('AT_USERNAME and AT_API_KEY');
    expect(run.output).toContain('SMS_DISABLED=1');
  }, 70_000);

  it.each([
    ['SMS switched off deliberately', { SMS_DISABLED: '1' }, 'SMS: disabled (SMS_DISABLED=1)'],
    [
      "Africa's Talking",
      { AT_USERNAME: 'freshcatch', AT_API_KEY: 'live-key', AT_SENDER_ID: 'FRESHCATCH' },
      "SMS: Africa's Talking (account freshcatch) at https://api.africastalking.com",
    ],
  ])(
    'starts with %s, says so, and has no /dev/sms',
    async (_name, extra, line) => {
      const run = await startProduction(extra);
      try {
        expect(run.code).toBeNull();
        expect(run.output).toContain(line);
        const res = await fetch(`http://127.0.0.1:${run.port}/dev/sms`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('SMS box');
      } finally {
        await stop(run);
      }
    },
    90_000,
  );
});
