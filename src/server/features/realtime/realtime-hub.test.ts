import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createLogger } from '../../infra/logger';
import type { BrowserEvent } from './realtime-event';
import { createRealtimeHub, realtimeHubFor, SHOP_EVENTS_CHANNEL, stopRealtimeHub } from './realtime-hub';

/** A database whose one LISTEN the test drives: notify() is a NOTIFY, reconnect() a re-opened connection. */
function fakeDatabase(opts: { failListen?: boolean } = {}) {
  let onMessage: ((payload: string) => void) | null = null;
  let onReconnect: (() => void) | undefined;
  const calls = { listen: 0, unlisten: 0 };
  const database = {
    async listen(channel: string, message: (payload: string) => void, reconnect?: () => void) {
      calls.listen += 1;
      expect(channel).toBe(SHOP_EVENTS_CHANNEL);
      if (opts.failListen) throw new Error('connection refused');
      onMessage = message;
      onReconnect = reconnect;
      return async () => {
        calls.unlisten += 1;
        onMessage = null;
      };
    },
  } as unknown as Database;
  const notify = (event: Record<string, unknown>) => onMessage?.(JSON.stringify({ id: 'row-id', ...event }));
  return { database, calls, notify, reconnect: () => onReconnect?.(), fail: (v: boolean) => (opts.failListen = v) };
}

const logger = createLogger('silent');
const payment = (userId: string, orderId: string, status = 'COMPLETED') => ({
  kind: 'payment',
  orderId,
  userId,
  status,
  oldStatus: 'PENDING',
});

describe('the realtime hub', () => {
  it('gives each user’s streams that user’s events only, without the user id', async () => {
    const db = fakeDatabase();
    const hub = await createRealtimeHub(db.database, logger);
    const amina: BrowserEvent[] = [];
    const aminaTab2: BrowserEvent[] = [];
    const brian: BrowserEvent[] = [];
    hub.subscribe('amina', (e) => amina.push(e));
    hub.subscribe('amina', (e) => aminaTab2.push(e));
    hub.subscribe('brian', (e) => brian.push(e));

    db.notify(payment('amina', 'order-a'));
    db.notify(payment('brian', 'order-b', 'FAILED'));
    db.notify(payment('someone-offline', 'order-c'));

    const expected = [{ kind: 'payment', orderId: 'order-a', status: 'COMPLETED', oldStatus: 'PENDING' }];
    expect(amina).toEqual(expected);
    expect(aminaTab2).toEqual(expected);
    expect(brian).toEqual([{ kind: 'payment', orderId: 'order-b', status: 'FAILED', oldStatus: 'PENDING' }]);
  });

  it('drops malformed notifications and events without an owner', async () => {
    const db = fakeDatabase();
    const hub = await createRealtimeHub(db.database, logger);
    const got: BrowserEvent[] = [];
    hub.subscribe('amina', (e) => got.push(e));
    db.notify({ kind: 'payment', orderId: 'o', userId: null, status: 'PENDING' });
    db.notify({ kind: 'product', orderId: 'o', userId: 'amina', status: 'PENDING' });
    expect(got).toEqual([]);
  });

  it('keeps delivering to the other streams when one of them throws', async () => {
    const db = fakeDatabase();
    const hub = await createRealtimeHub(db.database, logger);
    const got: string[] = [];
    hub.subscribe('amina', () => {
      throw new Error('stream gone');
    });
    hub.subscribe('amina', (e) => got.push(e.orderId));
    db.notify(payment('amina', 'order-a'));
    expect(got).toEqual(['order-a']);
  });

  it('forgets a stream once it unsubscribes', async () => {
    const db = fakeDatabase();
    const hub = await createRealtimeHub(db.database, logger);
    const got: string[] = [];
    const off = hub.subscribe('amina', (e) => got.push(e.orderId));
    expect(hub.connectionCount('amina')).toBe(1);
    off();
    expect(hub.connectionCount('amina')).toBe(0);
    db.notify(payment('amina', 'order-a'));
    expect(got).toEqual([]);
  });

  it('resets every stream when the listening connection was re-established (events may be lost)', async () => {
    const db = fakeDatabase();
    const hub = await createRealtimeHub(db.database, logger);
    const aminaReset = vi.fn();
    const brianReset = vi.fn();
    const closedReset = vi.fn();
    hub.subscribe('amina', () => undefined, aminaReset);
    hub.subscribe('brian', () => undefined, brianReset);
    hub.subscribe('carol', () => undefined, closedReset)();
    db.reconnect();
    expect(aminaReset).toHaveBeenCalledTimes(1);
    expect(brianReset).toHaveBeenCalledTimes(1);
    expect(closedReset).not.toHaveBeenCalled();
  });

  it('stop() ends every stream and stops listening', async () => {
    const db = fakeDatabase();
    const hub = await createRealtimeHub(db.database, logger);
    const reset = vi.fn();
    const got: string[] = [];
    hub.subscribe('amina', (e) => got.push(e.orderId), reset);
    await hub.stop();
    expect(reset).toHaveBeenCalledTimes(1);
    expect(db.calls.unlisten).toBe(1);
    db.notify(payment('amina', 'order-a'));
    expect(got).toEqual([]);
  });
});

describe('realtimeHubFor', () => {
  it('listens once per database handle', async () => {
    const db = fakeDatabase();
    const [a, b] = await Promise.all([realtimeHubFor(db.database, logger), realtimeHubFor(db.database, logger)]);
    expect(a).toBe(b);
    expect(db.calls.listen).toBe(1);
    await stopRealtimeHub(db.database);
    expect(db.calls.unlisten).toBe(1);
    // After a stop, the next stream listens again.
    await realtimeHubFor(db.database, logger);
    expect(db.calls.listen).toBe(2);
    await stopRealtimeHub(db.database);
  });

  it('does not keep a failed LISTEN: the next stream tries again', async () => {
    const db = fakeDatabase({ failListen: true });
    await expect(realtimeHubFor(db.database, logger)).rejects.toThrow('connection refused');
    db.fail(false);
    await expect(realtimeHubFor(db.database, logger)).resolves.toBeDefined();
    expect(db.calls.listen).toBe(2);
    await stopRealtimeHub(db.database);
  });
});
