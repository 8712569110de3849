// M-Pesa Express (Safaricom Daraja), as it will take the customers' money: production keys that get
// a token, a callback address Daraja can post to (https, with a long secret), and the first payment.
// Off is a choice, not a failure: customers then pay through Pesapal. Only a token is asked for:
// a prompt would reach someone's phone, so the shortcode and passkey are proven by the first payment.
import { and, eq } from 'drizzle-orm';
import { paymentTransactions } from '../db/schema';
import { createDarajaClient } from '../integrations/daraja/daraja-client';
import { DarajaError } from '../integrations/daraja/daraja-types';
import { darajaOptions, MPESA_CALLBACK_PATH, mpesaCallbackToken } from '../mpesa-config';
import type { CheckResult, GoLiveCheck } from './go-live-check';

const MIN_CALLBACK_TOKEN = 24;

const SETTINGS_FIX =
  'Set MPESA_ENV=production, MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET (the Daraja app’s production keys), MPESA_PASSKEY, ' +
  'MPESA_SHORTCODE, MPESA_SHORTCODE_TYPE, MPESA_PARTY_B (for a till) and MPESA_CALLBACK_TOKEN: docs/mpesa.md, ‘Going live’.';
const KEYS_FIX =
  'Set MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET to the production keys of the Daraja app (the one with ‘Lipa na M-PESA production’), with MPESA_ENV=production.';
const REACH_FIX = 'Check this machine reaches Safaricom (api.safaricom.co.ke), and MPESA_BASE_URL if set.';

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`);

export const mpesaCheck: GoLiveCheck = {
  name: 'M-Pesa Express',
  async run({ env, db, callTimeoutMs }): Promise<CheckResult> {
    if (env.MPESA_ENV === 'off') return { ok: true, detail: 'M-Pesa Express is off (MPESA_ENV=off): customers pay through Pesapal' };
    if (env.MPESA_ENV === 'simulator')
      return { ok: false, detail: 'MPESA_ENV=simulator: the built-in simulator takes no real money', fix: SETTINGS_FIX };
    if (env.MPESA_ENV === 'sandbox') return { ok: false, detail: 'MPESA_ENV=sandbox: no real money moves', fix: SETTINGS_FIX };

    const options = darajaOptions(env);
    if (!options || !options.consumerKey || !options.consumerSecret)
      return { ok: false, detail: 'no MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET', fix: KEYS_FIX };
    // A client of its own, without retries or a log: one token request, reported on the check's line.
    const client = createDarajaClient({ ...options, timeoutMs: callTimeoutMs });
    try {
      await client.checkToken();
    } catch (err) {
      if (!(err instanceof DarajaError)) throw err;
      if (err.kind === 'unavailable')
        return {
          ok: false,
          detail: `Daraja at ${options.baseUrl} did not answer (unreachable, or nothing within ${seconds(callTimeoutMs)})`,
          fix: REACH_FIX,
        };
      if (err.kind === 'invalid_response' || (err.httpStatus ?? 0) >= 500)
        return {
          ok: false,
          detail: `Daraja at ${options.baseUrl} answered the token request with an error${err.httpStatus ? ` (HTTP ${err.httpStatus})` : ''}`,
          fix: `${REACH_FIX} If it is Safaricom's host, run the check again later.`,
        };
      const code = err.errorCode ? ` (${err.errorCode}${err.httpStatus ? `, HTTP ${err.httpStatus}` : ''})` : '';
      return { ok: false, detail: `Daraja refused the keys${code}`, fix: KEYS_FIX };
    }

    // The secret stays out of the line: it is what makes a callback believable.
    const callback = `${env.PUBLIC_URL}${MPESA_CALLBACK_PATH}/<MPESA_CALLBACK_TOKEN>`;
    if (!env.PUBLIC_URL.startsWith('https://'))
      return {
        ok: false,
        detail: `token accepted, but the callback address ${callback} is not https`,
        fix: 'Set PUBLIC_URL to the shop’s https address.',
      };
    const secret = mpesaCallbackToken(env);
    if (!secret || secret.length < MIN_CALLBACK_TOKEN)
      return {
        ok: false,
        detail: `token accepted, but MPESA_CALLBACK_TOKEN is ${secret ? `shorter than ${MIN_CALLBACK_TOKEN} characters` : 'not set'}: anyone could guess the callback address`,
        fix: 'Set MPESA_CALLBACK_TOKEN to a new random secret of at least 24 characters (openssl rand -hex 24).',
      };

    const notes = [`token accepted; ${env.MPESA_SHORTCODE_TYPE} ${options.partyB} (shortcode ${options.shortcode}); callback ${callback}`];
    const fixes: string[] = [];
    const [paid] = await db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.provider, 'mpesa'), eq(paymentTransactions.status, 'COMPLETED')))
      .limit(1);
    if (!paid) {
      // Only a paid prompt proves the shortcode and the passkey.
      notes.push('no M-Pesa Express payment yet');
      fixes.push('Pay one small order with M-Pesa Express, then run the check again.');
    } else notes.push('an M-Pesa Express payment has completed');
    if (env.MPESA_CALLBACK_IP_MODE !== 'enforce') {
      notes.push(
        env.MPESA_CALLBACK_IP_MODE === 'log'
          ? 'callbacks from callers not on MPESA_CALLBACK_IPS are only logged'
          : 'callback callers are not checked (MPESA_CALLBACK_IP_MODE=off)',
      );
      fixes.push(
        'Once the log shows paid callbacks coming only from addresses on MPESA_CALLBACK_IPS (or the built-in list), set MPESA_CALLBACK_IP_MODE=enforce.',
      );
    }
    return { ok: true, warning: fixes.length > 0, detail: notes.join('; '), fix: fixes.join(' ') || undefined };
  },
};
