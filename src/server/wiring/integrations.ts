// Builds the outside services from configuration: the Pesapal client (pointing at the built-in
// simulator when no keys are set), the address provider (Google or the offline gazetteer) and the
// KRA eTIMS client (pointing at the built-in eTIMS simulator without ETIMS settings).
import type { Env } from '../env';
import type { Logger } from '../infra/logger';
import { resolvePesapalBaseUrl, usesPesapalSimulator } from '../payment-config';
import { createAddressProvider } from './create-address-provider';
import type { AddressProvider } from '../integrations/places/address-provider';
import { createPesapalClient } from '../integrations/pesapal/pesapal-client';
import type { PesapalClient } from '../integrations/pesapal/pesapal-types';
import { createPesapalSimulator } from '../dev/pesapal/create-pesapal-simulator';
import type { PesapalSimulator } from '../dev/pesapal/pesapal-simulator';
import { etimsDevice, resolveEtimsBaseUrl, resolveEtimsTokenUrl, usesEtimsSimulator } from '../etims-config';
import { createEtimsClient } from '../integrations/etims/etims-client';
import type { EtimsClient, EtimsClientOptions, EtimsIntegration } from '../integrations/etims/etims-types';
import { createEtimsSimulator, type EtimsSimulator } from '../dev/etims/etims-simulator';
import { SIMULATOR_ETIMS_CREDENTIALS } from '../dev/etims/etims-simulator-token';
import { createMpesaSimulator, type MpesaSimulator } from '../dev/mpesa/mpesa-simulator';
import { createDarajaClient } from '../integrations/daraja/daraja-client';
import type { DarajaClient } from '../integrations/daraja/daraja-types';
import { darajaOptions, SIMULATOR_MPESA_KEYS, SIMULATOR_TILL, usesMpesaSimulator } from '../mpesa-config';

export const SIMULATOR_MOUNT = '/pesapal-sim';
const SIMULATOR_KEY = { key: 'simulator-key', secret: 'simulator-secret' };

export interface Integrations {
  pesapal: PesapalClient;
  /** The development stand-in for Pesapal, mounted at /pesapal-sim; null with real keys. */
  pesapalSimulator: PesapalSimulator | null;
  addresses: AddressProvider;
  /** KRA eTIMS and the device the shop declares from; null with ETIMS_DISABLED=1. */
  etims: EtimsIntegration | null;
  /** The development stand-in for KRA eTIMS, mounted at /etims-sim; null with real settings. */
  etimsSimulator: EtimsSimulator | null;
  /** M-Pesa Express (Safaricom's Daraja); null with MPESA_ENV=off. */
  mpesa: DarajaClient | null;
  /** The development stand-in for M-Pesa Express, mounted at /mpesa-sim; null unless MPESA_ENV=simulator. */
  mpesaSimulator: MpesaSimulator | null;
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

export function createIntegrations(env: Env, logger: Logger, local: LocalFetch, now?: () => Date): Integrations {
  return { ...createPayments(env, logger, local), ...createEtims(env, logger, local, now), ...createMpesa(env, logger, local, now) };
}

/** The Daraja client: Safaricom with MPESA_ENV=sandbox or production, else the simulator (refused in production). */
function createMpesa(env: Env, logger: Logger, local: LocalFetch, now?: () => Date): Pick<Integrations, 'mpesa' | 'mpesaSimulator'> {
  const options = darajaOptions(env);
  if (!options) return { mpesa: null, mpesaSimulator: null };
  const simulated = usesMpesaSimulator(env);
  if (simulated && env.isProduction)
    throw new Error('The M-Pesa simulator is refused in production: set MPESA_ENV to sandbox, production or off');
  const log = (msg: string, data?: Record<string, unknown>) => logger.info(data ?? {}, `mpesa: ${msg}`);
  const client = createDarajaClient({ ...options, fetch: simulated ? local.fetch : undefined, now, log });
  const mpesaSimulator = simulated
    ? createMpesaSimulator({
        shortcodes: [{ ...SIMULATOR_TILL }],
        credentials: [{ ...SIMULATOR_MPESA_KEYS }],
        // The operator the shop is set with is the one the simulated org portal knows.
        initiators: options.reversal ? [{ name: options.reversal.initiator, credential: options.reversal.securityCredential }] : [],
        now,
        fetch: local.fetch,
        log: (msg) => logger.warn(msg),
        autoTick: true,
      })
    : null;
  return { mpesa: client, mpesaSimulator };
}

/** The eTIMS client: KRA with ETIMS_PIN and ETIMS_DEVICE_SERIAL, else the simulator (refused in production). */
function createEtims(env: Env, logger: Logger, local: LocalFetch, now?: () => Date): Pick<Integrations, 'etims' | 'etimsSimulator'> {
  if (env.ETIMS_DISABLED) return { etims: null, etimsSimulator: null };
  const log = (msg: string, data?: Record<string, unknown>) => logger.debug(data ?? {}, `etims: ${msg}`);
  const device = etimsDevice(env);
  const simulated = usesEtimsSimulator(env);
  if (simulated && env.isProduction)
    throw new Error('The eTIMS simulator is refused in production: set ETIMS_PIN and ETIMS_DEVICE_SERIAL, or ETIMS_DISABLED=1');
  // A token on every call with client credentials (ETIMS_SEND_TOKEN=1 requires them); the simulator
  // issues its own, and wants one when its requireToken switch is on.
  const oauth = simulated
    ? env.ETIMS_SEND_TOKEN
      ? { tokenUrl: resolveEtimsTokenUrl(env), ...SIMULATOR_ETIMS_CREDENTIALS }
      : undefined
    : kraOauth(env);
  const client = createEtimsClient({
    baseUrl: resolveEtimsBaseUrl(env),
    gateway: simulated ? 'legacy' : env.ETIMS_GATEWAY,
    tin: device.tin,
    bhfId: device.bhfId,
    oauth,
    timeoutMs: env.ETIMS_TIMEOUT_MS,
    fetch: simulated ? local.fetch : undefined,
    log,
  });
  return { etims: { client, device }, etimsSimulator: simulated ? createEtimsSimulator({ devices: [device], now }) : null };
}

/** KRA's OAuth client credentials as configured; none without a consumer key and secret. */
function kraOauth(env: Env): EtimsClientOptions['oauth'] {
  if (!env.ETIMS_CONSUMER_KEY || !env.ETIMS_CONSUMER_SECRET) return undefined;
  return {
    tokenUrl: resolveEtimsTokenUrl(env),
    consumerKey: env.ETIMS_CONSUMER_KEY,
    consumerSecret: env.ETIMS_CONSUMER_SECRET,
    apigeeAppId: env.ETIMS_APIGEE_APP_ID,
  };
}

/** The client of KRA itself as configured (never the simulator), for the go-live check. */
export function createKraEtimsClient(env: Env, timeoutMs: number): EtimsClient {
  const device = etimsDevice(env);
  return createEtimsClient({
    baseUrl: resolveEtimsBaseUrl(env),
    gateway: env.ETIMS_GATEWAY,
    tin: device.tin,
    bhfId: device.bhfId,
    oauth: kraOauth(env),
    timeoutMs,
  });
}

function createPayments(env: Env, logger: Logger, local: LocalFetch): Pick<Integrations, 'addresses' | 'pesapal' | 'pesapalSimulator'> {
  const addresses = createAddressProvider({
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    googleMapsApiUrl: env.GOOGLE_MAPS_API_URL,
    nodeEnv: env.NODE_ENV,
  });
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
