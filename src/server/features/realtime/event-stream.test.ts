import { describe, expect, it } from 'vitest';
import { comeBackSoonMs, openEventStream } from './event-stream';
import type { EventSink, RealtimeHub } from './realtime-hub';
import type { BrowserEvent } from './realtime-event';

/** A hub whose subscribers the test can see and feed. */
function fakeHub() {
  const sinks = new Map<string, Set<EventSink>>();
  const resets = new Set<() => void>();
  const hub: RealtimeHub = {
    subscribe(userId, sink, onReset) {
      const set = sinks.get(userId) ?? new Set();
      set.add(sink);
      sinks.set(userId, set);
      if (onReset) resets.add(onReset);
      return () => {
        set.delete(sink);
        if (onReset) resets.delete(onReset);
      };
    },
    connectionCount: (userId) => sinks.get(userId)?.size ?? 0,
    subscribeStaff: () => () => undefined,
    staffConnectionCount: () => 0,
    streamCounts: () => ({ customer: [...sinks.values()].reduce((n, set) => n + set.size, 0), staff: 0 }),
    stop: async () => undefined,
  };
  const emit = (userId: string, event: BrowserEvent) => sinks.get(userId)?.forEach((s) => s(event));
  const reset = () => [...resets].forEach((r) => r());
  return { hub, emit, reset };
}

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before "${text}"; got: ${seen}`);
    seen += decoder.decode(value);
  }
  return seen;
}

const options = (signal: AbortSignal, over: Partial<{ heartbeatMs: number; maxLifetimeMs: number }> = {}) => ({
  heartbeatMs: 60_000,
  retryMs: 3_000,
  maxLifetimeMs: 60_000,
  signal,
  ...over,
});

describe('openEventStream', () => {
  it('starts with the retry hint, then sends the user’s events as data lines', async () => {
    const { hub, emit } = fakeHub();
    const abort = new AbortController();
    const reader = openEventStream(hub, 'u1', options(abort.signal)).getReader();
    expect(await readUntil(reader, ': connected')).toBe('retry: 3000\n: connected\n\n');
    const event: BrowserEvent = { kind: 'payment', orderId: 'o1', status: 'COMPLETED', oldStatus: 'PENDING' };
    emit('u1', event);
    expect(await readUntil(reader, '\n\n')).toBe(`data: ${JSON.stringify(event)}\n\n`);
    abort.abort();
  });

  it('sends heartbeat comments', async () => {
    const { hub } = fakeHub();
    const abort = new AbortController();
    const reader = openEventStream(hub, 'u1', options(abort.signal, { heartbeatMs: 10 })).getReader();
    await readUntil(reader, ': heartbeat\n\n');
    abort.abort();
  });

  it('unsubscribes when the client disconnects or the reader cancels', async () => {
    const { hub } = fakeHub();
    const abort = new AbortController();
    const first = openEventStream(hub, 'u1', options(abort.signal)).getReader();
    const second = openEventStream(hub, 'u1', options(new AbortController().signal)).getReader();
    await readUntil(first, ': connected');
    await readUntil(second, ': connected');
    expect(hub.connectionCount('u1')).toBe(2);
    abort.abort();
    expect(hub.connectionCount('u1')).toBe(1);
    expect((await first.read()).done).toBe(true);
    await second.cancel();
    expect(hub.connectionCount('u1')).toBe(0);
  });

  it('ends when the hub may have missed events or stops, telling the browser to reconnect within about a second', async () => {
    const { hub, reset } = fakeHub();
    const reader = openEventStream(hub, 'u1', options(new AbortController().signal)).getReader();
    await readUntil(reader, ': connected');
    reset();
    const last = await readUntil(reader, '\n\n');
    const retry = Number(/^retry: (\d+)\n\n$/.exec(last)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(250);
    expect(retry).toBeLessThan(1250);
    expect((await reader.read()).done).toBe(true);
    expect(hub.connectionCount('u1')).toBe(0);
  });

  it('spreads the reconnects of a stopping instance over a second', () => {
    expect(comeBackSoonMs(() => 0)).toBe(250);
    expect(comeBackSoonMs(() => 0.999_999)).toBe(1249);
  });

  it('drops a client that stops reading instead of buffering for it without limit', async () => {
    const { hub, emit } = fakeHub();
    const reader = openEventStream(hub, 'u1', options(new AbortController().signal)).getReader();
    await readUntil(reader, ': connected');
    const event: BrowserEvent = { kind: 'order', orderId: 'o1', status: 'pending', oldStatus: null };
    for (let i = 0; i < 300; i++) emit('u1', event);
    expect(hub.connectionCount('u1')).toBe(0);
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value).split('data: ').length - 1;
    }
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(300);
  });

  it('ends after its maximum lifetime so the session is checked again on reconnect', async () => {
    const { hub } = fakeHub();
    const reader = openEventStream(hub, 'u1', options(new AbortController().signal, { maxLifetimeMs: 20 })).getReader();
    await readUntil(reader, ': connected');
    expect((await reader.read()).done).toBe(true);
    expect(hub.connectionCount('u1')).toBe(0);
  });
});
