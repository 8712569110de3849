// Reads /api/realtime/events (or the back office's /api/admin/live) the way a browser's EventSource would, for integration tests.
import type { BrowserEvent } from '../../src/server/features/realtime/realtime-event';

export interface StreamReader {
  status: number;
  /** Every data event received so far, in order. */
  events: BrowserEvent[];
  /** Resolves with the first event (already received or arriving) that matches. */
  waitFor(match: (e: BrowserEvent) => boolean, timeoutMs?: number): Promise<BrowserEvent>;
  /** Resolves when the server ends the stream (not when close() aborts it). */
  ended: Promise<void>;
  close(): void;
}

type Fetcher = (path: string, init: RequestInit & { cookie?: string }) => Promise<Response>;

/** Opens the stream and resolves once the server said it is connected (subscribed). */
export async function openEventStream(request: Fetcher, cookie: string, path = '/api/realtime/events'): Promise<StreamReader> {
  const abort = new AbortController();
  const res = await request(path, { cookie, signal: abort.signal });
  const events: BrowserEvent[] = [];
  const waiters = new Set<() => void>();
  const stream = res.ok ? res.body?.getReader() : undefined;
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const reader: StreamReader = {
    status: res.status,
    events,
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    ended,
    // Aborting alone is not enough under app.request: the Request's own signal follows ours only
    // while undici keeps a weak reference, so the body is cancelled too (the server cleans up on both).
    close: () => {
      abort.abort();
      void stream?.cancel().catch(() => undefined);
    },
  };
  if (!stream) return reader;

  const decoder = new TextDecoder();
  let buffer = '';
  let connected: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await stream.read();
        if (done) {
          markEnded();
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes(': connected')) connected();
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            events.push(JSON.parse(data) as BrowserEvent);
            for (const w of [...waiters]) w();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  await ready;
  return reader;
}
