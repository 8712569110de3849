// One handle over either embedded PGlite (under DATA_DIR) or a PostgreSQL server (DATABASE_URL, and
// DATABASE_DIRECT_URL past a connection pooler: docs/connection-pooler.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { backoff } from '@/domain/backoff';
import { guardCheckouts } from './pool-checkout';
import { makeDataDirPrivate } from './file-modes';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

type Listener = (payload: string) => void;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * The same database over direct sessions, never through a transaction pooler: migrations run on
   * it, as their statements may leave session state. `db` itself on PGlite or without a direct URL.
   */
  directDb: Db;
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. onReconnect runs after a lost
   * listening connection was re-established (notifications in between are lost).
   */
  listen(channel: string, onMessage: Listener, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** Run fn while holding a session-level advisory lock; returns null if another holder has it. */
  withTryLock<T>(key: number, fn: () => Promise<T>): Promise<T | null>;
  /** Run fn while holding a session-level advisory lock, waiting for it. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** How many callers are waiting for the advisory lock: what an operator (or a test) reads to see a queue. */
  lockWaiters(key: number): Promise<number>;
  /** The connections the shop holds now, for /metrics. */
  connections(): ConnectionCounts;
  close(): Promise<void>;
  description: string;
  /** The embedded database itself (PGlite only): backups dump it through its one connection. */
  pglite?: PGlite;
}

/**
 * A PostgreSQL pool's connections (the LISTEN connection is not the pool's and not counted). PGlite
 * is one connection inside the process, always open: its max and open are 1, and how many queries
 * wait for it is not visible, so inUse, idle and waiting are null.
 */
export interface ConnectionCounts {
  max: number;
  open: number;
  inUse: number | null;
  idle: number | null;
  /** Callers waiting for a connection because every one is in use. */
  waiting: number | null;
}

const PGLITE_CONNECTIONS: ConnectionCounts = { max: 1, open: 1, inUse: null, idle: null, waiting: null };

export interface DatabaseOptions {
  databaseUrl?: string;
  /**
   * The database at databaseUrl reached directly, when databaseUrl goes through a pooler in
   * transaction mode: the LISTEN connection, session advisory locks and migrations use it.
   */
  directUrl?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** Told of every lost PostgreSQL connection (a warning: the shop reconnects by itself). */
  onConnectionLost?: ConnectionLostLog;
}

type ConnectionLostLog = (err: unknown, message: string) => void;

/**
 * The application_name of each kind of PostgreSQL connection, as pg_stat_activity and a pooler's
 * SHOW CLIENTS show them (an application_name in the URL wins).
 */
export const CONNECTION_NAMES = {
  /** The query pool (DATABASE_URL); also the advisory locks' when there is no direct URL. */
  queries: 'shop-queries',
  /** The direct session pool (DATABASE_DIRECT_URL): advisory locks and migrations. */
  sessions: 'shop-sessions',
  /** The one LISTEN connection (direct). */
  listen: 'shop-listen',
} as const;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (!opts.databaseUrl) return openPglite(opts.dataDir);
  return openPostgres({
    url: opts.databaseUrl,
    directUrl: opts.directUrl ?? opts.databaseUrl,
    poolSize: opts.poolSize ?? 10,
    onConnectionLost: opts.onConnectionLost ?? (() => undefined),
  });
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

async function openPglite(dataDir = 'memory://'): Promise<Database> {
  if (dataDir.startsWith('memory://')) return wrapPglite(await createPglite(dataDir), dataDir);
  const location = path.resolve(dataDir, 'pglite');
  mkdirSync(location, { recursive: true, mode: 0o700 });
  const client = await createPglite(location);
  // PGlite writes a new database's files 0666 and rewrites its relation-cache files 0644 at every
  // open: closed to other users before anyone works on it.
  makeDataDirPrivate(dataDir);
  return wrapPglite(client, location);
}

/**
 * An embedded database with the extensions the migrations create (pg_trgm for the order search);
 * every PGlite the shop opens, restores into or tests on is made here.
 */
export function createPglite(location: string, more: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create(location, { ...more, extensions: { pg_trgm } });
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
    directDb: db,
    pglite: client,
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
    lockWaiters: (key) => Promise.resolve(waiters.get(key)?.length ?? 0),
    connections: () => PGLITE_CONNECTIONS,
    async close() {
      await client.close();
    },
  };
}

/** A pool slot or a new connection not had within this long is an error (a 503), not a hung request. */
const CONNECT_TIMEOUT_MS = 10_000;

interface PoolOptions {
  url: string;
  max: number;
  applicationName: string;
  /** What a lost connection of this pool is logged as. */
  lostMessage: string;
  onConnectionLost: ConnectionLostLog;
}

function openPool(opts: PoolOptions): pg.Pool {
  // keepAlive: a connection cut off without a word (a network blip, a failover) is found dead by
  // the OS instead of hanging the statement that would use it.
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max,
    application_name: opts.applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // Every checkout is given back on every path, broken when its connection failed (pool-checkout.ts).
  guardCheckouts(pool);
  // Every connection gets an error listener for its whole life, checked out or idle. A connection
  // lost while checked out (a transaction between two statements, the advisory-lock connection while
  // its job runs) emits 'error' with no query to fail, and an 'error' without a listener ends the
  // process. The pool discards a client that lost its connection when it is released; its next
  // query (if any) rejects, and that error reaches the caller (a 503 for a request).
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.onConnectionLost(err, opts.lostMessage));
  });
  // Idle clients' errors are also re-emitted on the pool: logged above already.
  pool.on('error', () => undefined);
  return pool;
}

interface PostgresOptions {
  /** Queries: may go through a pooler in transaction mode. */
  url: string;
  /** Sessions (LISTEN, advisory locks, migrations): never through a transaction pooler. */
  directUrl: string;
  poolSize: number;
  onConnectionLost: ConnectionLostLog;
}

async function openPostgres({ url, directUrl, poolSize, onConnectionLost }: PostgresOptions): Promise<Database> {
  const pool = openPool({
    url,
    max: poolSize,
    applicationName: CONNECTION_NAMES.queries,
    lostMessage: 'database: a pooled connection was lost; the pool opens a new one',
    onConnectionLost,
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // A transaction pooler hands each transaction any server connection: a session advisory lock
  // taken through it stays on a connection others then use, and is released on another or never.
  // With a direct URL, locks (and migrations) get their own pool of real sessions.
  const sessions =
    directUrl === url
      ? pool
      : openPool({
          url: directUrl,
          max: poolSize,
          applicationName: CONNECTION_NAMES.sessions,
          lostMessage: 'database: a direct session connection was lost; the pool opens a new one',
          onConnectionLost,
        });
  const directDb = sessions === pool ? db : (drizzlePg(sessions, { schema }) as unknown as Db);
  let listenClient: Promise<pg.Client> | null = null;
  /** The LISTEN connection once it is connected and listening; null while (re)connecting. */
  let listening: pg.Client | null = null;
  let reconnecting = false;
  /** Set when a listening connection was lost: subscribers are told once a new one listens. */
  let missedEvents = false;
  let closing = false;
  const handlers = new Map<string, Set<Listener>>();
  const reconnectHandlers = new Set<() => void>();
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  // One connection LISTENs for the whole instance. When it drops, it is re-opened with backoff and
  // every channel is listened to again; subscribers are told, since events may have been missed.
  const connectListener = async (): Promise<pg.Client> => {
    // Direct: a pooler in transaction mode would drop the LISTEN with the transaction it ran in.
    const client = new pg.Client({
      connectionString: directUrl,
      application_name: CONNECTION_NAMES.listen,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    // Only an established connection is mourned here; one lost while connecting fails this function.
    const lost = (err?: Error) => {
      if (listening !== client) return;
      listening = null;
      listenClient = null;
      if (closing) return;
      missedEvents = true;
      onConnectionLost(err ?? new Error('Connection terminated'), 'database: the LISTEN connection was lost; reconnecting');
      startReconnecting();
    };
    // Never removed: a late 'error' of this client must still have a listener.
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    listening = client;
    if (missedEvents) {
      missedEvents = false;
      for (const h of reconnectHandlers) h();
    }
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
    } catch (err) {
      if (listenClient === next) listenClient = null;
      onConnectionLost(err, 'database: the LISTEN connection could not be re-opened yet; retrying');
      await reconnect(attempt + 1);
    }
  };
  /** One reconnect loop at a time. */
  const startReconnecting = () => {
    if (reconnecting || closing) return;
    reconnecting = true;
    void reconnect(1).finally(() => {
      reconnecting = false;
      // A connection opened by listen() meanwhile may have failed: keep trying while anyone listens.
      if (!listenClient && handlers.size > 0) startReconnecting();
    });
  };
  const ensureListenClient = (): Promise<pg.Client> => {
    if (!listenClient) {
      const next = connectListener();
      listenClient = next;
      next.catch(() => {
        if (listenClient === next) listenClient = null;
      });
    }
    return listenClient;
  };

  /**
   * The advisory lock lives on one checked-out connection for as long as fn runs. Should that
   * connection be lost meanwhile, PostgreSQL has released the lock with the session: another
   * instance may take it and start the same job. fn is not interrupted (it may be waiting on
   * Pesapal): it runs to its end, which is safe because the lock only keeps instances from doing the
   * same work twice; what keeps the data right is that every job changes rows inside transactions
   * that lock those rows (select … for update) and re-check their state first, and the mail and SMS
   * outboxes claim each message before sending it, so a payment is completed, a reservation released
   * and a message sent once, whichever run gets there first. The loss is logged,
   * no unlock is attempted, and the dead client is discarded rather than returned to the pool; the
   * next run takes the lock afresh on a new connection, so nothing keeps believing it holds it.
   */
  const lockOn = async <T>(key: number, wait: boolean, fn: () => Promise<T>): Promise<T | null> => {
    const client = await sessions.connect();
    /** Set once this client's connection failed: it is then discarded, never reused. */
    let broken: unknown;
    const onLost = (err: Error) => (broken ??= err);
    client.on('error', onLost);
    try {
      try {
        if (wait) {
          await client.query('select pg_advisory_lock($1)', [key]);
        } else {
          const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
          if (!res.rows[0]?.ok) return null;
        }
      } catch (err) {
        broken ??= err;
        throw err;
      }
      try {
        return await fn();
      } finally {
        if (broken) {
          onConnectionLost(
            broken,
            `database: the connection holding advisory lock ${key} was lost while its work ran; the work finished, the lock was already released`,
          );
        } else {
          // A failed unlock discards the client below, which ends the session and so the lock.
          await client.query('select pg_advisory_unlock($1)', [key]).catch((err: unknown) => (broken = err));
        }
      }
    } finally {
      client.off('error', onLost);
      // Released with an error, the pool closes the client instead of handing it out again.
      client.release(broken ? toError(broken) : undefined);
    }
  };
  const safe = (u: string) => u.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1@');
  return {
    kind: 'postgres',
    db,
    directDb,
    description: `PostgreSQL at ${safe(url)}${directUrl === url ? '' : ` (direct sessions at ${safe(directUrl)})`}`,
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
        // Earlier subscribers still need a listening connection.
        if (handlers.size > 0 && !listenClient) {
          missedEvents = true;
          startReconnecting();
        }
        throw err;
      }
      return async () => {
        set.delete(onMessage);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    withTryLock: (key, fn) => lockOn(key, false, fn),
    withLock: async (key, fn) => (await lockOn(key, true, fn)) as Awaited<ReturnType<typeof fn>>,
    // A one-number advisory key is held as (classid, objid) = its high and low 32 bits, objsubid 1.
    async lockWaiters(key) {
      const res = await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
           and database = (select oid from pg_database where datname = current_database())
           and objsubid = 1 and ((classid::bigint << 32) | objid::bigint) = $1`,
        [key],
      );
      return res.rows[0]?.n ?? 0;
    },
    connections: () => ({
      max: poolSize,
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      closing = true;
      const client = await listenClient?.catch(() => null);
      await client?.end().catch(() => undefined);
      await pool.end();
      if (sessions !== pool) await sessions.end();
    },
  };
}

/** Raw SQL returning rows, the same on PGlite and node-postgres (both answer { rows }). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
