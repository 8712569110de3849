// Every client checked out of the pool goes back to it, and goes back broken when its connection
// failed. pg-pool counts a checked-out client as in use until release() is called on it, and reuses a
// released one unless told it is broken (release(err)); a client never released keeps its slot for
// good, so the pool shrinks with every such loss until requests wait for slots that never free. That
// happens without this guard when a connection is found dead by the first statement of a
// transaction: the ORM checks a client out, its BEGIN fails, and it throws without releasing.
import type pg from 'pg';
import { isConnectionError } from './connection-errors';

/**
 * Makes `pool.connect()` hand out guarded clients: a client whose connection fails (an 'error'
 * event, or a statement rejected because the connection is gone) is released broken at once, so the
 * pool discards it and may open a new connection in its place; release() after that, by whoever
 * checked it out, does nothing. Callback checkouts are pg-pool's own (pool.query), which release
 * with the error already.
 */
export function guardCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) =>
    callback ? connect(callback) : connect().then(guardClient)) as pg.Pool['connect'];
}

function guardClient(client: pg.PoolClient): pg.PoolClient {
  const giveBack = client.release;
  const query = client.query;
  let released = false;
  let broken: Error | undefined;
  const release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', onError);
    client.query = query;
    giveBack(broken ?? err);
  };
  const lost = (err: Error) => {
    broken ??= err;
    release();
  };
  const onError = (err: Error) => lost(err);
  client.on('error', onError);
  client.release = release;
  client.query = function guardedQuery(this: unknown, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isConnectionError(err)) lost(err instanceof Error ? err : new Error(String(err)));
      });
    }
    return result;
  } as typeof client.query;
  return client;
}
