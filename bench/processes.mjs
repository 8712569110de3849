// Child processes for the benchmark: the built shop on a temporary DATA_DIR, and the bare baseline.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

async function waitFor(url, child, log, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited during start:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`did not answer ${url} within ${timeoutMs / 1000} s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function stopper(child, cleanup = () => {}) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    cleanup();
  };
}

/**
 * node <dist>/server/index.js on a free port with a fresh, seeded DATA_DIR (or, given `databaseUrl`,
 * on that PostgreSQL database, with `env` added); request logs on, as in production (LOG_LEVEL=info),
 * written to a file beside the data rather than piped into this process, which also runs the load.
 */
export async function startShop(dist, { databaseUrl, env = {} } = {}) {
  const port = await freePort();
  const workDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'shop.log');
  const logFd = openSync(logFile, 'a');
  const url = `http://127.0.0.1:${port}`;
  const log = () => readFileSync(logFile, 'utf8').slice(-20_000);
  const child = spawn(process.execPath, [path.join(dist, 'server/index.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const stop = stopper(child, () => rmSync(workDir, { recursive: true, force: true }));
  try {
    await waitFor(`${url}/api/health`, child, log, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop, pid: child.pid };
}

/**
 * The baseline: a bare node:http server answering every request with a recorded response (status,
 * the same headers, the same body) from memory, so the comparison is about producing the bytes.
 */
export async function startBareServer(response) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-bare-'));
  const file = path.join(dir, 'response.json');
  writeFileSync(file, JSON.stringify({ ...response, body: response.body.toString('base64') }));
  const child = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname, String(port), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rmSync(dir, { recursive: true, force: true }));
  try {
    await waitFor(url, child, () => log, 10_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
