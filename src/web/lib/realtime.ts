// One EventSource per tab on /api/realtime/events: the signed-in customer's own order and payment
// changes. The browser reconnects by itself after a dropped or ended stream, after the server's
// `retry:` (3 s; under a second when a stopping instance ends its streams, so the tab moves through
// the proxy to another instance at once); when the server refuses the stream (401 after the session
// ended, 503 from an instance that is stopping) we retry with a backoff.
// Events missed while disconnected are not replayed: on every reconnect the listeners refetch.
import { backoff } from '@/domain/backoff';
import type { LiveEvent } from '@/domain/live-event';
import { api } from './api-client';

export type { LiveEvent };
type Listener<T> = (value: T) => void;

const EVENTS_URL = api.realtime.events.$path();
/** 1, 2, 4 … s, at most 30, each up to 30 % longer so tabs refused together do not return together. */
const RETRY = { baseMs: 1_000, maxMs: 30_000, jitter: 0.3 };

const eventListeners = new Set<Listener<LiveEvent>>();
const reconnectListeners = new Set<Listener<void>>();
let source: EventSource | null = null;
let wanted = false;
let openedBefore = false;
/** Retries since the stream was last open. */
let retries = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function parseEvent(data: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as Partial<LiveEvent> | null;
    if (!value || (value.kind !== 'payment' && value.kind !== 'order')) return null;
    if (typeof value.orderId !== 'string' || typeof value.status !== 'string') return null;
    return {
      kind: value.kind,
      orderId: value.orderId,
      status: value.status,
      oldStatus: typeof value.oldStatus === 'string' ? value.oldStatus : null,
      ...(typeof value.fulfilmentStatus === 'string' ? { fulfilmentStatus: value.fulfilmentStatus } : {}),
      ...(typeof value.reason === 'string' ? { reason: value.reason } : {}),
    };
  } catch {
    return null;
  }
}

function open(): void {
  clearTimeout(retryTimer);
  if (!wanted || source) return;
  const es = new EventSource(EVENTS_URL);
  source = es;
  es.onopen = () => {
    retries = 0;
    if (openedBefore) for (const l of reconnectListeners) l();
    openedBefore = true;
  };
  es.onmessage = (msg: MessageEvent<string>) => {
    const event = parseEvent(msg.data);
    if (event) for (const l of eventListeners) l(event);
  };
  es.onerror = () => {
    // CONNECTING: the browser is already retrying. CLOSED: it gave up, so we try again later.
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    if (source === es) source = null;
    if (!wanted) return;
    retries++;
    retryTimer = setTimeout(open, backoff(retries, RETRY));
  };
}

/** Opens this tab's stream (idempotent); call while a customer is signed in. */
export function connectRealtime(): void {
  wanted = true;
  open();
}

/** Closes the stream (sign-out); a later connect counts as a reconnect. */
export function disconnectRealtime(): void {
  wanted = false;
  clearTimeout(retryTimer);
  source?.close();
  source = null;
}

export function onLiveEvent(listener: Listener<LiveEvent>): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Called after the stream reopens: whatever was shown may be stale, so refetch it. */
export function onRealtimeReconnect(listener: Listener<void>): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Back online after a long outage: do not wait out the backoff.
  window.addEventListener('online', () => {
    if (wanted && !source) open();
  });
}
