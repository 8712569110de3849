// Where the shop declares its tax invoices: KRA's eTIMS (sandbox or production, legacy host or
// integrator gateway) with ETIMS_PIN and ETIMS_DEVICE_SERIAL, else the built-in simulator;
// nothing at all with ETIMS_DISABLED=1. The hosts marked UNCONFIRMED in docs/etims.md can be set
// with ETIMS_BASE_URL and ETIMS_TOKEN_URL.
import type { Env } from './env';
import { SIMULATOR_TOKEN_PATH } from './dev/etims/etims-simulator-token';

export const ETIMS_SIMULATOR_MOUNT = '/etims-sim';
/** The device the built-in simulator issued: the shop uses it when no ETIMS settings are given. */
export const SIMULATOR_DEVICE = { tin: 'P000000000S', bhfId: '00', dvcSrlNo: 'SIMULATOR-OSCU-1' } as const;

const HOSTS = {
  legacy: { sandbox: 'https://etims-api-sbx.kra.go.ke/etims-api', production: 'https://etims-api.kra.go.ke/etims-api' },
  integrator: { sandbox: 'https://sbx.kra.go.ke/etims-oscu/api/v1', production: 'https://api.developer.go.ke/etims-oscu/api/v1' },
} as const;
const TOKEN_URLS = { sandbox: 'https://sbx.kra.go.ke/v1/token/generate', production: 'https://api.kra.go.ke/v1/token/generate' } as const;

export function usesEtimsSimulator(env: Env): boolean {
  return !env.ETIMS_PIN || !env.ETIMS_DEVICE_SERIAL;
}

/** The device whose invoices this shop declares: PIN, branch and serial. */
export function etimsDevice(env: Env): { tin: string; bhfId: string; dvcSrlNo: string } {
  if (usesEtimsSimulator(env)) return { ...SIMULATOR_DEVICE };
  return { tin: env.ETIMS_PIN ?? '', bhfId: env.ETIMS_BRANCH_ID, dvcSrlNo: env.ETIMS_DEVICE_SERIAL ?? '' };
}

export function resolveEtimsBaseUrl(env: Env): string {
  if (usesEtimsSimulator(env)) return `${env.PUBLIC_URL}${ETIMS_SIMULATOR_MOUNT}/etims-api`;
  if (env.ETIMS_BASE_URL) return env.ETIMS_BASE_URL.replace(/\/+$/, '');
  return HOSTS[env.ETIMS_GATEWAY][env.ETIMS_ENV];
}

export function resolveEtimsTokenUrl(env: Env): string {
  if (usesEtimsSimulator(env)) return `${env.PUBLIC_URL}${ETIMS_SIMULATOR_MOUNT}${SIMULATOR_TOKEN_PATH}`;
  return env.ETIMS_TOKEN_URL ?? TOKEN_URLS[env.ETIMS_ENV];
}

/** The start-up line's words for tax invoices. */
export function describeEtims(env: Env): string {
  if (env.ETIMS_DISABLED) return 'disabled (ETIMS_DISABLED=1)';
  if (usesEtimsSimulator(env)) return `KRA eTIMS simulator (built in) at ${resolveEtimsBaseUrl(env)}`;
  return `KRA eTIMS ${env.ETIMS_ENV} (${env.ETIMS_GATEWAY} gateway, PIN ${env.ETIMS_PIN}, branch ${env.ETIMS_BRANCH_ID}) at ${resolveEtimsBaseUrl(env)}`;
}
