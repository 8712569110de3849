// Who may read /metrics: they tell how busy the shop is, how many payments are pending and which
// routes fail, so never the public. With METRICS_TOKEN, only a request bearing that token; without
// it, only this machine: a loopback socket with no proxy's forwarding header (a reverse proxy on this
// machine connects from loopback too, and would otherwise hand the metrics to anyone on the internet).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isLoopbackAddress } from '../http/dev-tools-guard';
import { errorBody } from '../http/errors';

/** Headers a proxy adds for the client it forwards. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The refusal to send, or null when the request may read the metrics. */
export function metricsRefusal(c: Context, token: string | undefined): Response | null {
  if (token !== undefined) {
    if (sameSecret(bearerToken(c.req.header('authorization')), token)) return null;
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json(errorBody('UNAUTHORIZED', 'The metrics need their bearer token.'), 401);
  }
  if (isLoopbackAddress(socketPeer(c)) && !FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return null;
  return c.json(errorBody('FORBIDDEN', 'The metrics are served only to the machine the shop runs on, or with their bearer token.'), 403);
}

function bearerToken(header: string | undefined): string | null {
  const match = header && /^Bearer +(\S+) *$/i.exec(header);
  return match ? (match[1] ?? null) : null;
}

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and the time says nothing of the token. */
function sameSecret(given: string | null, token: string): boolean {
  if (given === null) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function socketPeer(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // no socket: app.request() in tests
  }
}
