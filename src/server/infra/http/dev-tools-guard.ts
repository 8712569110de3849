// Development tools (the mailbox, the Pesapal simulator's switches, later an SMS box) show other
// people's mail and change how payments behave, so they answer only to the machine they run on.
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopbackAddress(address: string | undefined | null): boolean {
  return address != null && LOOPBACK.has(address.toLowerCase());
}

/**
 * The real socket peer only: X-Forwarded-For is the client's word and a proxy on this machine would
 * make every request look local. No socket (app.request in tests) counts as not loopback.
 */
function socketPeer(c: Context): string | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
}

/** 404, as if the tool did not exist, unless the request comes from loopback or `open` is set (DEV_TOOLS_OPEN=1). */
export function devToolsGuard(opts: { open: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (opts.open || isLoopbackAddress(socketPeer(c))) return next();
    return c.text('Not found', 404);
  };
}
