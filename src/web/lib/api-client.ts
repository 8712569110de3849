// The typed API client: Hono's RPC client over the server's own route types (AppType), so a
// renamed path, a changed input or a changed answer fails `npm run typecheck`. Answers are read
// with call(), which returns the success body's type and throws ApiError for anything else.
// Path parameters are put in the address as given: encode them (encodeURIComponent) at the call.
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '@/server/app';
import { readApiAnswer, sendApiRequest } from './api';

export const api = hc<AppType>('/', {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => sendApiRequest(input instanceof Request ? input.url : String(input), init),
}).api;

/** The body type of the route's success answers (its error answers throw instead). */
export type OkBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** Awaits a client request and returns its success body; any other answer throws ApiError. */
export async function call<R extends ClientResponse<unknown, number, 'json' | 'text' | string>>(request: Promise<R>): Promise<OkBody<R>> {
  return readApiAnswer<OkBody<R>>((await request) as unknown as Response);
}
