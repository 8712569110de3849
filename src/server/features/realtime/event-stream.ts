// One Server-Sent Events stream for one signed-in user, fed by the instance's realtime hub (a
// customer's own events, or an admin's view of every order's).
import type { RealtimeHub } from './realtime-hub';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and the browser from timing the connection out. */
  heartbeatMs: number;
  /** The reconnect delay the browser is told to use. */
  retryMs: number;
  /** Streams end after this long; the browser reconnects and its session is checked again. */
  maxLifetimeMs: number;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /**
   * Given the stream's end at open, for whoever may end it early (the back office's session and
   * role checks); returns what to call once the stream ended.
   */
  watch?: (end: () => void) => () => void;
}

export const EVENT_STREAM_DEFAULTS = {
  heartbeatMs: 20_000,
  retryMs: 3_000,
  maxLifetimeMs: 15 * 60_000,
} as const;

/**
 * The reconnect delay a stream the server ends on purpose (a drain at shutdown, a restarted LISTEN)
 * tells the browser: soon, so the customer misses little, but spread over a second so the streams of
 * a stopping instance do not all arrive at the others in the same moment.
 */
export function comeBackSoonMs(random: () => number = Math.random): number {
  return 250 + Math.floor(random() * 1000);
}

/** A client that stops reading is dropped rather than buffered for without limit. */
const MAX_QUEUED_CHUNKS = 256;

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  Connection: 'keep-alive',
  // nginx and similar proxies buffer responses unless told not to.
  'X-Accel-Buffering': 'no',
} as const;

export function openEventStream(hub: Pick<RealtimeHub, 'subscribe'>, userId: string, opts: EventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup: () => void = () => undefined;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (opts.signal.aborted) {
        controller.close();
        return;
      }
      let closed = false;
      const finish = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        unwatch();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        opts.signal.removeEventListener('abort', end);
      };
      const end = () => {
        if (closed) return;
        finish();
        try {
          controller.close();
        } catch {
          // already cancelled by the reader
        }
      };
      const send = (text: string) => {
        if (closed) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) end();
        else controller.enqueue(encoder.encode(text));
      };

      // Ended by the hub (shutdown, or events possibly missed): the browser is to come back at once.
      const restart = () => {
        send(`retry: ${comeBackSoonMs()}\n\n`);
        end();
      };

      cleanup = finish;
      opts.signal.addEventListener('abort', end, { once: true });
      const unsubscribe = hub.subscribe(userId, (event) => send(`data: ${JSON.stringify(event)}\n\n`), restart);
      const unwatch = opts.watch?.(end) ?? (() => undefined);
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), opts.heartbeatMs);
      const lifetime = setTimeout(end, opts.maxLifetimeMs);
      send(`retry: ${opts.retryMs}\n: connected\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
}
