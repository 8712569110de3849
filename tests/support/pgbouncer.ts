// A real pgbouncer (Debian's at /usr/sbin/pgbouncer, or PGBOUNCER_PATH) in transaction mode in front
// of the PostgreSQL server at TEST_DATABASE_URL: its own ini and auth file in a temporary folder, a
// free port, no unix socket, run in the foreground as a child of the test and stopped with it. Its
// admin console (the `pgbouncer` database) answers SHOW STATS, SHOW CLIENTS and SHOW SERVERS. The ini
// holds the settings docs/connection-pooler.md gives operators.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../e2e/support/shop-server';
import { sleep } from './shop-process';
import { waitFor } from './wait-for';

/** A database pgbouncer offers under `alias`: the server's database `dbname`, with its own pool size if given. */
export interface PooledDatabase {
  alias: string;
  dbname: string;
  poolSize?: number;
}

export interface Pgbouncer {
  /** The address of a database through the pooler. */
  url(alias: string): string;
  /** The rows of one SHOW command of the admin console. */
  show<T extends object>(what: 'STATS' | 'CLIENTS' | 'SERVERS' | 'POOLS'): Promise<T[]>;
  output(): string;
  stop(): Promise<void>;
}

/** The user pgbouncer switches to when started as root, which it refuses to run as. */
const UNPRIVILEGED_USER = 'nobody';

function iniFor(server: URL, port: number, authFile: string, databases: PooledDatabase[]): string {
  const host = server.hostname || '127.0.0.1';
  const serverPort = server.port || '5432';
  const lines = databases.map(
    (d) => `${d.alias} = host=${host} port=${serverPort} dbname=${d.dbname}${d.poolSize ? ` pool_size=${d.poolSize}` : ''}`,
  );
  return [
    '[databases]',
    ...lines,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    // No unix socket: nothing is written outside the temporary folder.
    'unix_socket_dir =',
    'pool_mode = transaction',
    'default_pool_size = 20',
    'max_client_conn = 200',
    // The local test server trusts its users; pgbouncer logs in with the auth file's password, if any.
    'auth_type = trust',
    `auth_file = ${authFile}`,
    `admin_users = ${decodeURIComponent(server.username) || 'postgres'}`,
    // Logs go to stderr (kept for a failure's message), and no pid file.
    'logfile =',
    'pidfile =',
    '',
  ].join('\n');
}

/** Starts pgbouncer before the server at serverUrl; resolves once its admin console answers. */
export async function startPgbouncer(serverUrl: string, databases: PooledDatabase[]): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  const authFile = path.join(dir, 'userlist.txt');
  const iniFile = path.join(dir, 'pgbouncer.ini');
  const port = await freePort();
  const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;
  writeFileSync(authFile, `${quoted(user)} ${quoted(decodeURIComponent(server.password))}\n`, { mode: 0o600 });
  writeFileSync(iniFile, iniFor(server, port, authFile, databases), { mode: 0o600 });
  // Both files are read before pgbouncer gives up root, so they can stay private to this user.
  const asRoot = process.getuid?.() === 0 ? ['-u', UNPRIVILEGED_USER] : [];
  const child = spawn(process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer', [...asRoot, iniFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  child.on('error', (err) => {
    exited = true;
    log += `${err.message}\n`;
  });

  const url = (alias: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${alias}`;
  const show = async <T extends object>(what: string): Promise<T[]> => {
    // The admin console takes the simple query protocol only, which a query without parameters uses.
    const adminConsole = new pg.Client({ connectionString: url('pgbouncer') });
    await adminConsole.connect();
    try {
      return (await adminConsole.query<T>(`SHOW ${what}`)).rows;
    } finally {
      await adminConsole.end();
    }
  };
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  await waitFor('pgbouncer to answer on its admin console', async () => {
    if (exited) throw new Error('pgbouncer exited during start');
    return show('VERSION').then(
      () => true,
      () => false,
    );
  }).catch((err: Error) => {
    child.kill('SIGKILL');
    cleanUp();
    throw new Error(`${err.message}:\n${log}`);
  });

  return {
    url,
    show,
    output: () => log,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        // SIGTERM: pgbouncer closes every connection and exits at once.
        child.kill('SIGTERM');
        await Promise.race([gone, sleep(5000)]);
        if (!exited) child.kill('SIGKILL');
      }
      cleanUp();
    },
  };
}
