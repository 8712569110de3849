// One handle over either embedded PGlite (under DATA_DIR) or a PostgreSQL server (DATABASE_URL).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { backoff } from '@/domain/backoff';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Listener = (payload: string) => void;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. onReconnect runs after a lost
   * listening connection was re-established (notifications in between are lost).
   */
  listen(channel: string, onMessage: Listener, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** Run fn while holding a session-level advisory lock; returns null if another holder has it. */
  withTryLock<T>(key: number, fn: () => Promise<T>): Promise<T | null>;
  /** Run fn while holding a session-level advisory lock, waiting for it. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  description: string;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}

async function openPglite(dataDir = 'memory://'): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  return wrapPglite(await PGlite.create(location), location);
}

/** A Database over an open PGlite (tests hand in clones of a migrated template). */
export function wrapPglite(client: PGlite, location = 'memory://'): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite is one connection in one process: a plain mutex stands in for advisory locks.
  const held = new Set<number>();
  const waiters = new Map<number, (() => void)[]>();
  const acquire = async (key: number) => {
    while (held.has(key)) {
      await new Promise<void>((resolve) => {
        const list = waiters.get(key) ?? [];
        list.push(resolve);
        waiters.set(key, list);
      });
    }
    held.add(key);
  };
  const release = (key: number) => {
    held.delete(key);
    const next = waiters.get(key)?.shift();
    next?.();
  };
  return {
    kind: 'pglite',
    db,
    description: location.startsWith('memory://') ? 'PGlite (in memory)' : `PGlite at ${location}`,
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => {
        await unsub();
      };
    },
    async withTryLock(key, fn) {
      if (held.has(key)) return null;
      held.add(key);
      try {
        return await fn();
      } finally {
        release(key);
      }
    },
    async withLock(key, fn) {
      await acquire(key);
      try {
        return await fn();
      } finally {
        release(key);
      }
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listenClient: Promise<pg.Client> | null = null;
  let closing = false;
  const handlers = new Map<string, Set<Listener>>();
  const reconnectHandlers = new Set<() => void>();
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  // One connection LISTENs for the whole instance. When it drops, it is re-opened with backoff and
  // every channel is listened to again; subscribers are told, since events may have been missed.
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    const lost = () => {
      if (listenClient === null || closing) return;
      listenClient = null;
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void reconnect(1);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    return client;
  };
  const reconnect = async (attempt: number): Promise<void> => {
    if (closing) return;
    await new Promise((r) => setTimeout(r, backoff(attempt, { baseMs: 500, maxMs: 30_000 })));
    if (closing || listenClient) return;
    const next = connectListener();
    listenClient = next;
    try {
      await next;
      for (const h of reconnectHandlers) h();
    } catch {
      listenClient = null;
      void reconnect(attempt + 1);
    }
  };
  const ensureListenClient = (): Promise<pg.Client> => {
    if (!listenClient) {
      listenClient = connectListener();
      listenClient.catch(() => (listenClient = null));
    }
    return listenClient;
  };
  const lockOn = async <T>(key: number, wait: boolean, fn: () => Promise<T>): Promise<T | null> => {
    const client = await pool.connect();
    try {
      if (wait) {
        await client.query('select pg_advisory_lock($1)', [key]);
      } else {
        const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        if (!res.rows[0]?.ok) return null;
      }
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  };
  const safeUrl = url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1@');
  return {
    kind: 'postgres',
    db,
    description: `PostgreSQL at ${safeUrl}`,
    async listen(channel, onMessage, onReconnect) {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onMessage);
      if (onReconnect) reconnectHandlers.add(onReconnect);
      try {
        const client = await ensureListenClient();
        if (isNew) await client.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        // Nothing stays registered for a subscription that never started.
        set.delete(onMessage);
        if (set.size === 0) handlers.delete(channel);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
        throw err;
      }
      return async () => {
        set.delete(onMessage);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    withTryLock: (key, fn) => lockOn(key, false, fn),
    withLock: async (key, fn) => (await lockOn(key, true, fn)) as Awaited<ReturnType<typeof fn>>,
    async close() {
      closing = true;
      const client = await listenClient?.catch(() => null);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** Raw SQL returning rows, the same on PGlite and node-postgres (both answer { rows }). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
