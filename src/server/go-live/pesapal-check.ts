// Pesapal, as it will take the customers' money: live keys that get a token, the shop's IPN address
// (https, at PUBLIC_URL) registered, and KES as the currency Pesapal reports for the shop's payments.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { appSettings, paymentTransactions } from '../db/schema';
import { ipnSettingKey, isStoredIpn, shopIpnUrl } from '../features/payments/ipn-registration';
import { createPesapalClient } from '../integrations/pesapal/pesapal-client';
import { PesapalError } from '../integrations/pesapal/pesapal-types';
import { resolvePesapalBaseUrl } from '../payment-config';
import type { CheckResult, GoLiveCheck } from './go-live-check';

const KEYS_FIX =
  "Set PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET to the live keys from Pesapal's merchant dashboard, and PESAPAL_ENV=live.";

export const pesapalCheck: GoLiveCheck = {
  name: 'Pesapal',
  async run({ env, db, callTimeoutMs }): Promise<CheckResult> {
    if (!env.PESAPAL_CONSUMER_KEY || !env.PESAPAL_CONSUMER_SECRET)
      return { ok: false, detail: 'no keys: payments would go to the built-in simulator', fix: KEYS_FIX };
    if (env.PESAPAL_ENV !== 'live') return { ok: false, detail: "PESAPAL_ENV is 'sandbox': no real money moves", fix: KEYS_FIX };
    const baseUrl = resolvePesapalBaseUrl(env);
    const client = createPesapalClient({
      baseUrl,
      consumerKey: env.PESAPAL_CONSUMER_KEY,
      consumerSecret: env.PESAPAL_CONSUMER_SECRET,
      timeoutMs: callTimeoutMs,
      retries: 0,
    });
    const ipnUrl = shopIpnUrl(env.PUBLIC_URL);
    let listed: { ipnId: string; url: string }[];
    try {
      listed = await client.listIpns(); // needs a token: this is the keys' test
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const unreachable = err instanceof PesapalError && (err.code === 'timeout' || err.code === 'network_error');
      return unreachable
        ? {
            ok: false,
            detail: `Pesapal at ${baseUrl} did not answer: ${why}`,
            fix: 'Check this machine reaches Pesapal (and PESAPAL_BASE_URL, if set).',
          }
        : { ok: false, detail: `Pesapal refused the keys: ${why}`, fix: KEYS_FIX };
    }
    if (!ipnUrl.startsWith('https://'))
      return {
        ok: false,
        detail: `token accepted, but the IPN address ${ipnUrl} is not https`,
        fix: 'Set PUBLIC_URL to the shop’s https address.',
      };

    const notes: string[] = ['token accepted'];
    let warning = false;
    const fixes: string[] = [];
    const [stored] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, ipnSettingKey(env.PUBLIC_URL)));
    const registered = (stored && isStoredIpn(stored.value) && stored.value.baseUrl === baseUrl) || listed.some((i) => i.url === ipnUrl);
    if (registered) notes.push(`IPN ${ipnUrl} registered`);
    else {
      warning = true;
      notes.push(`IPN ${ipnUrl} not registered yet`);
      fixes.push('The shop registers its IPN address with the first payment: make one real payment (docs/go-live.md).');
    }

    // KES: what Pesapal itself says about the shop's latest completed payment.
    const [paid] = await db
      .select({ trackingId: paymentTransactions.pesapalTrackingId })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.status, 'COMPLETED'), isNotNull(paymentTransactions.pesapalTrackingId)))
      .orderBy(desc(paymentTransactions.updatedAt))
      .limit(1);
    if (!paid?.trackingId) {
      warning = true;
      notes.push('KES not confirmed yet (no completed payment)');
      fixes.push('Pay for one small order with M-Pesa and one by card, then run the check again.');
    } else {
      const status = await client
        .getTransactionStatus(paid.trackingId)
        .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      if (status instanceof Error) {
        warning = true;
        notes.push(`the latest payment could not be read back (${status.message})`);
      } else if (status.currency.toUpperCase() !== 'KES') {
        return {
          ok: false,
          detail: `${notes.join('; ')}; but Pesapal reports the latest payment in ${status.currency || 'no currency'}, not KES`,
          fix: 'Ask Pesapal to enable KES on the merchant account (Kenyan keys), and check PESAPAL_ENV.',
        };
      } else notes.push('payments in KES');
    }
    return { ok: true, warning, detail: notes.join('; '), fix: fixes.join(' ') || undefined };
  },
};
