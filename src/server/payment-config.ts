import type { Env } from './env';
import type { PesapalRefundRules } from '../domain/pesapal-refunds';

/** The Pesapal API base: PESAPAL_BASE_URL, else live/sandbox with keys, else the built-in simulator. */
export function resolvePesapalBaseUrl(env: Env): string {
  if (env.PESAPAL_BASE_URL) return env.PESAPAL_BASE_URL.replace(/\/+$/, '');
  if (env.PESAPAL_CONSUMER_KEY) {
    return env.PESAPAL_ENV === 'live' ? 'https://pay.pesapal.com/v3' : 'https://cybqa.pesapal.com/pesapalv3';
  }
  return `${env.PUBLIC_URL}/pesapal-sim/pesapalv3`;
}

export function usesPesapalSimulator(env: Env): boolean {
  return !env.PESAPAL_CONSUMER_KEY;
}

/** What the shop assumes of Pesapal's refunds (decision 049). */
export function pesapalRefundRules(env: Pick<Env, 'PESAPAL_REFUNDS_PER_PAYMENT' | 'PESAPAL_PARTIAL_REFUND_SIGN'>): PesapalRefundRules {
  return { perPayment: env.PESAPAL_REFUNDS_PER_PAYMENT, sign: env.PESAPAL_PARTIAL_REFUND_SIGN };
}
