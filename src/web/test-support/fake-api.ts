// The shop's API as a component test answers it: a table of handlers by method and path in place
// of globalThis.fetch (the app's only way to the server, src/web/lib/api.ts), as the browser
// journeys answered with page.route. Every request is recorded. A request no handler expects fails
// the test: it is answered as a dropped connection, and the after-hook (setup-components.ts) reports it.
import { vi } from 'vitest';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** 'GET /api/content/pages': a method and a path, without the query. */
type FakeRoute = `${Method} /api/${string}`;

/** An answer: a status with a JSON or text body, or 'network-error' (the request dies, as route.abort() did). */
export type FakeAnswer = { status?: number; json?: unknown; body?: string; contentType?: string } | 'network-error';

interface FakeRequest {
  route: FakeRoute;
  query: URLSearchParams;
  /** The JSON the app sent, or null. */
  body: unknown;
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  /** From now on answers `route` with this answer or handler (replacing an earlier one, as unroute + route did). */
  on(route: FakeRoute, answer: FakeAnswer | Handler): void;
  /** The requests made to `route` so far, oldest first. */
  requests(route: FakeRoute): FakeRequest[];
}

let unexpected: string[] = [];

/** Puts a fake API in place of fetch for this test; the after-hook puts fetch back. */
export function fakeApi(): FakeApi {
  const handlers = new Map<FakeRoute, Handler>();
  const made: FakeRequest[] = [];
  unexpected = [];

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const route = `${method} ${url.pathname}` as FakeRoute;
    const request: FakeRequest = { route, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : null };
    made.push(request);
    const handler = handlers.get(route);
    if (!handler) {
      unexpected.push(`${route}${url.search}`);
      throw new TypeError('Failed to fetch');
    }
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const {
      status = 200,
      json,
      body = JSON.stringify(json ?? null),
      contentType = json === undefined ? 'text/plain' : 'application/json',
    } = answer;
    return new Response(body, { status, headers: { 'Content-Type': contentType } });
  };
  vi.stubGlobal('fetch', fetch);

  return {
    on: (route, answer) => handlers.set(route, typeof answer === 'function' ? answer : () => answer),
    requests: (route) => made.filter((r) => r.route === route),
  };
}

/** The requests since the last fakeApi() that no handler expected; forgets them. */
export function takeUnexpectedRequests(): string[] {
  const list = unexpected;
  unexpected = [];
  return list;
}

/** An answer given only when the test says: the app shows its waiting state until then. */
export function heldAnswer(): { handler: Handler; release(answer: FakeAnswer): void } {
  let release!: (answer: FakeAnswer) => void;
  const answer = new Promise<FakeAnswer>((resolve) => (release = resolve));
  return { handler: () => answer, release };
}

/** The shop's error answer ({ error: { code, message } }) with this status. */
export const apiError = (status: number, message: string, code = 'SERVER_ERROR'): FakeAnswer => ({
  status,
  json: { error: { code, message } },
});
