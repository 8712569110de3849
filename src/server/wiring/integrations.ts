// Builds the outside services from configuration: the Pesapal client (pointing at the built-in
// simulator when no keys are set) and the address provider (Google or the offline gazetteer).
import type { Env } from '../env';
import type { Logger } from '../infra/logger';
import { resolvePesapalBaseUrl, usesPesapalSimulator } from '../payment-config';
import { createAddressProvider } from './create-address-provider';
import type { AddressProvider } from '../integrations/places/address-provider';
import { createPesapalClient } from '../integrations/pesapal/pesapal-client';
import type { PesapalClient } from '../integrations/pesapal/pesapal-types';
import { createPesapalSimulator } from '../dev/pesapal/create-pesapal-simulator';
import type { PesapalSimulator } from '../dev/pesapal/pesapal-simulator';

export const SIMULATOR_MOUNT = '/pesapal-sim';
const SIMULATOR_KEY = { key: 'simulator-key', secret: 'simulator-secret' };

export interface Integrations {
  pesapal: PesapalClient;
  /** The development stand-in for Pesapal, mounted at /pesapal-sim; null with real keys. */
  pesapalSimulator: PesapalSimulator | null;
  addresses: AddressProvider;
}

/** Requests to the shop itself go straight to the app in-process (set once the app exists). */
export interface LocalFetch {
  fetch: typeof fetch;
  bind(handler: (req: Request) => Promise<Response> | Response): void;
}

export function createLocalFetch(publicUrl: string): LocalFetch {
  let handler: ((req: Request) => Promise<Response> | Response) | null = null;
  const origin = new URL(publicUrl).origin;
  const localFetch: typeof fetch = async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    if (handler && new URL(req.url).origin === origin) return handler(req);
    return globalThis.fetch(req);
  };
  return { fetch: localFetch, bind: (h) => (handler = h) };
}

export function createIntegrations(env: Env, logger: Logger, local: LocalFetch): Integrations {
  const addresses = createAddressProvider({ googleMapsApiKey: env.GOOGLE_MAPS_API_KEY, nodeEnv: env.NODE_ENV });
  const log = (msg: string, data?: Record<string, unknown>) => logger.debug(data ?? {}, `pesapal: ${msg}`);
  if (!usesPesapalSimulator(env)) {
    return {
      addresses,
      pesapalSimulator: null,
      pesapal: createPesapalClient({
        baseUrl: resolvePesapalBaseUrl(env),
        consumerKey: env.PESAPAL_CONSUMER_KEY ?? '',
        consumerSecret: env.PESAPAL_CONSUMER_SECRET ?? '',
        log,
      }),
    };
  }
  if (env.isProduction) throw new Error('The Pesapal simulator is refused in production: set PESAPAL_CONSUMER_KEY');
  const simulator = createPesapalSimulator({
    publicBaseUrl: () => `${env.PUBLIC_URL}${SIMULATOR_MOUNT}`,
    credentials: [SIMULATOR_KEY],
    fetch: local.fetch,
  });
  return {
    addresses,
    pesapalSimulator: simulator,
    pesapal: createPesapalClient({
      baseUrl: resolvePesapalBaseUrl(env),
      consumerKey: SIMULATOR_KEY.key,
      consumerSecret: SIMULATOR_KEY.secret,
      fetch: local.fetch,
      retries: 0,
      log,
    }),
  };
}
