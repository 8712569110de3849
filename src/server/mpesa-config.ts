// Where M-Pesa Express goes: nowhere (MPESA_ENV=off), the built-in simulator (development and tests;
// refused in production), or Safaricom's sandbox or production with the Daraja app's settings.
import type { Env } from './env';
import type { DarajaClientOptions, DarajaReversalOptions } from './integrations/daraja/daraja-types';

export const MPESA_SIMULATOR_MOUNT = '/mpesa-sim';
/** The simulator's till: its store number, passkey and till number, and the Daraja app's keys. */
export const SIMULATOR_TILL = { shortcode: '7654321', passkey: 'simulator-passkey', type: 'till', partyB: '8765432' } as const;
export const SIMULATOR_MPESA_KEYS = { key: 'simulator-mpesa-key', secret: 'simulator-mpesa-secret' } as const;
const HOSTS = { sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' } as const;

export function usesMpesaSimulator(env: Env): boolean {
  return env.MPESA_ENV === 'simulator';
}

/**
 * The API operator for reversals, or null: refunds by Daraja's Reversal API need both the initiator
 * and its encrypted password (MPESA_SECURITY_CREDENTIAL, opaque to the shop), and M-Pesa Express on.
 */
export function mpesaReversalSettings(env: Env): DarajaReversalOptions | null {
  if (env.MPESA_ENV === 'off' || !env.MPESA_INITIATOR_NAME || !env.MPESA_SECURITY_CREDENTIAL) return null;
  return {
    initiator: env.MPESA_INITIATOR_NAME,
    securityCredential: env.MPESA_SECURITY_CREDENTIAL,
    identifierType: env.MPESA_REVERSAL_IDENTIFIER_TYPE,
    ...(env.MPESA_REVERSAL_RECEIVER_PARTY && { receiverParty: env.MPESA_REVERSAL_RECEIVER_PARTY }),
  };
}

/** The client's settings, or null when M-Pesa Express is off. */
export function darajaOptions(env: Env): Omit<DarajaClientOptions, 'fetch' | 'now' | 'log'> | null {
  if (env.MPESA_ENV === 'off') return null;
  const reversal = mpesaReversalSettings(env);
  if (env.MPESA_ENV === 'simulator') {
    return {
      ...(reversal && { reversal }),
      baseUrl: `${env.PUBLIC_URL}${MPESA_SIMULATOR_MOUNT}`,
      consumerKey: SIMULATOR_MPESA_KEYS.key,
      consumerSecret: SIMULATOR_MPESA_KEYS.secret,
      shortcode: SIMULATOR_TILL.shortcode,
      passkey: SIMULATOR_TILL.passkey,
      shortcodeType: SIMULATOR_TILL.type,
      partyB: SIMULATOR_TILL.partyB,
    };
  }
  const shortcode = env.MPESA_SHORTCODE ?? '';
  return {
    baseUrl: (env.MPESA_BASE_URL ?? HOSTS[env.MPESA_ENV]).replace(/\/+$/, ''),
    consumerKey: env.MPESA_CONSUMER_KEY ?? '',
    consumerSecret: env.MPESA_CONSUMER_SECRET ?? '',
    shortcode,
    passkey: env.MPESA_PASSKEY ?? '',
    shortcodeType: env.MPESA_SHORTCODE_TYPE,
    // A paybill is paid to itself; a till to its till number.
    partyB: env.MPESA_SHORTCODE_TYPE === 'paybill' ? (env.MPESA_PARTY_B ?? shortcode) : (env.MPESA_PARTY_B ?? ''),
    ...(reversal && { reversal }),
  };
}

/** The start-up line's words for M-Pesa Express. */
export function describeMpesa(env: Env): string {
  const options = darajaOptions(env);
  if (!options) return 'off (MPESA_ENV=off)';
  if (usesMpesaSimulator(env)) return `M-Pesa Express simulator (built in) at ${options.baseUrl}`;
  return `M-Pesa Express ${env.MPESA_ENV} (${env.MPESA_SHORTCODE_TYPE} ${options.partyB}, shortcode ${options.shortcode}) at ${options.baseUrl}`;
}

/** The simulator's callback secret: development only (the simulator is refused in production). */
const SIMULATOR_CALLBACK_TOKEN = 'simulator-callback-token-not-a-secret';

/** The path Daraja posts a prompt's result to; its last part is the secret (Daraja does not sign callbacks). */
export const MPESA_CALLBACK_PATH = '/api/payments/mpesa/callback';

/** The callback secret in use, or null when M-Pesa Express is off. */
export function mpesaCallbackToken(env: Env): string | null {
  if (env.MPESA_ENV === 'off') return null;
  return env.MPESA_ENV === 'simulator' ? (env.MPESA_CALLBACK_TOKEN ?? SIMULATOR_CALLBACK_TOKEN) : (env.MPESA_CALLBACK_TOKEN ?? null);
}

/** The path Daraja posts a reversal's result to (its QueueTimeOutURL adds '/timeout'); the last part is the secret. */
export const MPESA_REVERSAL_PATH = '/api/payments/mpesa/reversal';
