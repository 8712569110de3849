// The typed API client for the code of the first download (the header's session, the home, shop and
// blog pages' reads): Hono's client code comes in its own chunk, fetched by the first such read (or
// sooner, with the header's search once the page is idle), not with the page. The same route types
// check the call: a renamed path or a changed answer still fails `npm run typecheck`.
import type { ClientResponse } from 'hono/client';
import type * as ApiClient from './api-client';

let client: Promise<typeof ApiClient> | undefined;

/** Asks the typed client once its code is here; the success body, or ApiError as call() throws it. */
export async function viaApi<R extends ClientResponse<unknown, number, string>>(
  ask: (api: typeof ApiClient.api) => Promise<R>,
): Promise<ApiClient.OkBody<R>> {
  const loaded = await (client ??= import('./api-client'));
  return loaded.call(ask(loaded.api));
}
