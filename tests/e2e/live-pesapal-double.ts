// A Pesapal the test controls, for a shop started with PESAPAL_BASE_URL pointing at it: the
// simulator's API and hosted page on an origin of their own (as Pesapal's are), with switches to hold
// back IPNs (then only the shop's own status check can learn of a payment) and to be unreachable.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createPesapalSimulator } from '../../src/server/dev/pesapal/create-pesapal-simulator';
import type { PesapalSimulator } from '../../src/server/dev/pesapal/pesapal-simulator';

const CREDENTIALS = { key: 'live-e2e-consumer-key', secret: 'live-e2e-consumer-secret' };

export interface PesapalDouble {
  simulator: PesapalSimulator;
  /** What the shop is started with to use this double instead of its built-in simulator. */
  shopEnv: Record<string, string>;
  /** While true every call answers 503, as an unreachable Pesapal would. */
  setUnreachable(down: boolean): void;
  stop(): Promise<void>;
}

export async function startPesapalDouble(): Promise<PesapalDouble> {
  let origin = '';
  let down = false;
  const simulator = createPesapalSimulator({ publicBaseUrl: () => origin, credentials: [CREDENTIALS] });
  const server = serve({
    fetch: (req) => (down ? new Response('Service Unavailable', { status: 503 }) : simulator.app.fetch(req)),
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    simulator,
    shopEnv: {
      PESAPAL_BASE_URL: `${origin}/pesapalv3`,
      PESAPAL_CONSUMER_KEY: CREDENTIALS.key,
      PESAPAL_CONSUMER_SECRET: CREDENTIALS.secret,
    },
    setUnreachable: (value) => (down = value),
    async stop() {
      simulator.reset();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
