// The shop and its commands as real processes on an embedded data folder (node with tsx), for tests of what a person running
// them sees: exit codes, printed sentences, files left in DATA_DIR.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../e2e/support/shop-server';
import { commandArgs, shopArgs } from './built-server';
import { waitFor } from './wait-for';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function processEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, HOST: '127.0.0.1', ...extra };
}

/** Runs a command (src/server/cli/<name>.ts) to its end. */
export async function runCommand(name: string, args: string[], env: Record<string, string>): Promise<Run> {
  const argv = await commandArgs(name, args);
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts src/server/index.ts on dataDir and waits until it answers and its control file is written. */
export async function startShopProcess(dataDir: string, extra: Record<string, string> = {}): Promise<ShopProcess> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, await shopArgs(), {
    env: processEnv(dataDir, { PORT: String(port), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://localhost:${port}`;
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(
      'the shop to answer',
      async () => {
        if (child.exitCode !== null) throw new Error(`The shop exited during start:\n${log}`);
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        return ok && existsSync(path.join(dataDir, 'control.json'));
      },
      90_000,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${log}`);
  }
  return {
    child,
    url,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
  };
}
