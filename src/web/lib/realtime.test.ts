import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the browser's EventSource: the test opens, errors and feeds each connection. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((msg: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** The stream ended or broke; the browser retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(givesUp: boolean) {
    this.readyState = givesUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.all[FakeEventSource.all.length - 1]!;

async function loadRealtime() {
  vi.resetModules();
  return import('./realtime');
}

describe('the browser’s live stream', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens one stream per tab and hands well-formed events to the listeners', async () => {
    const rt = await loadRealtime();
    const events: unknown[] = [];
    rt.onLiveEvent((e) => events.push(e));
    rt.connectRealtime();
    rt.connectRealtime();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/realtime/events');
    latest().open();
    latest().send({ kind: 'payment', orderId: 'o1', status: 'COMPLETED', oldStatus: 'PENDING', extra: 'dropped' });
    latest().send({ kind: 'order', orderId: 'o1', status: 'completed', oldStatus: 'pending', fulfilmentStatus: 'processing' });
    latest().send({ kind: 'order', orderId: 'o2', status: 'failed', oldStatus: 'pending', reason: 'Not paid within 30 minutes' });
    latest().send('not json');
    latest().send({ kind: 'product', orderId: 'o1', status: 'x' });
    expect(events).toEqual([
      { kind: 'payment', orderId: 'o1', status: 'COMPLETED', oldStatus: 'PENDING' },
      { kind: 'order', orderId: 'o1', status: 'completed', oldStatus: 'pending', fulfilmentStatus: 'processing' },
      { kind: 'order', orderId: 'o2', status: 'failed', oldStatus: 'pending', reason: 'Not paid within 30 minutes' },
    ]);
    rt.disconnectRealtime();
  });

  it('asks its listeners to refetch after the browser reconnected a dropped stream, not on the first open', async () => {
    const rt = await loadRealtime();
    const refetch = vi.fn();
    rt.onRealtimeReconnect(refetch);
    rt.connectRealtime();
    latest().open();
    expect(refetch).not.toHaveBeenCalled();
    // The server ended the stream (lifetime, or its database connection was re-established).
    latest().fail(false);
    latest().open();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all).toHaveLength(1); // the browser's own retry, on the same EventSource
    rt.disconnectRealtime();
  });

  it('retries with a growing delay when the browser gives up (e.g. 401), then refetches', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const rt = await loadRealtime();
    const refetch = vi.fn();
    rt.onRealtimeReconnect(refetch);
    rt.connectRealtime();
    latest().open();
    latest().fail(true);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
    latest().fail(true);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(3);
    latest().open();
    expect(refetch).toHaveBeenCalledTimes(1);
    rt.disconnectRealtime();
  });

  it('waits at most 30 s between retries, plus up to 30 % so refused tabs spread out', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const rt = await loadRealtime();
    rt.connectRealtime();
    // Pauses of 1, 2, 4, 8 and 16 s, each 15 % longer; then the cap, 30 s, 15 % longer: 34.5 s.
    for (const pause of [1_150, 2_300, 4_600, 9_200, 18_400]) {
      latest().fail(true);
      await vi.advanceTimersByTimeAsync(pause);
    }
    expect(FakeEventSource.all).toHaveLength(6);
    latest().fail(true);
    await vi.advanceTimersByTimeAsync(34_499);
    expect(FakeEventSource.all).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(7);
    rt.disconnectRealtime();
  });

  it('stops for good on sign-out', async () => {
    const rt = await loadRealtime();
    const events: unknown[] = [];
    rt.onLiveEvent((e) => events.push(e));
    rt.connectRealtime();
    const first = latest();
    first.open();
    rt.disconnectRealtime();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    first.fail(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
