// One fetch wrapper for the JSON API: same-origin cookies, our error shape
// ({ error: { code, message, fields?, orderId?, choices? } }) turned into ApiError.
import { ApiError, type ApiAddressChoice } from './api-error';

// The API's callers take the error from here, with the wrapper that throws it.
export { ApiError } from './api-error';

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where API calls go: the browser's fetch, or, while the server renders a page, the server's own
 * app in-process (the server sets it once at start, for public reads only: no cookies travel).
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** Sends one API request through the transport, with our defaults (same-origin cookies, JSON). */
export function sendApiRequest(path: string, init: RequestInit = {}): Promise<Response> {
  return transport(path, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...headersRecord(init.headers) },
  });
}

function headersRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return headers;
}

/** The JSON of a success answer; any other answer becomes an ApiError with our message. */
export async function readApiAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) {
    const err = (
      body as {
        error?: { code?: string; message?: string; fields?: Record<string, string>; orderId?: string; choices?: ApiAddressChoice[] };
      } | null
    )?.error;
    // No message of ours (a proxy's error page, say): leave it empty so callers show their fallback.
    throw new ApiError(res.status, err?.code ?? 'HTTP_' + res.status, err?.message ?? '', err?.fields, err?.orderId, err?.choices);
  }
  return body as T;
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await sendApiRequest(path, {
    ...rest,
    headers: { ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headersRecord(headers) },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  return readApiAnswer<T>(res);
}

/** The message to show for any thrown value, with a fallback for the unexpected. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
