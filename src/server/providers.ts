import type { ServerContext } from './context';
import { resolvePesapalBaseUrl, usesPesapalSimulator } from './payment-config';
import { describeEtims } from './etims-config';
import { describeMpesa } from './mpesa-config';
import { describeTrustedProxies } from './infra/http/trusted-proxies';

/** The start-up lines that say which providers are active. */
export function describeProviders(ctx: ServerContext): string[] {
  const { env } = ctx;
  return [
    `Database: ${ctx.database.description}`,
    `Mail: ${ctx.mailer.description}`,
    `SMS: ${ctx.sms.description}`,
    `Payments: ${usesPesapalSimulator(env) ? 'Pesapal simulator (built in)' : `Pesapal ${env.PESAPAL_ENV}`} at ${resolvePesapalBaseUrl(env)}`,
    `M-Pesa Express: ${describeMpesa(env)}`,
    `Tax invoices: ${describeEtims(env)}`,
    `Addresses: ${env.GOOGLE_MAPS_API_KEY ? 'Google Places + Distance Matrix' : 'offline Nairobi gazetteer'}`,
    `Google sign-in: ${env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? 'configured' : 'not configured'}`,
    `Client addresses: ${describeTrustedProxies(env.TRUSTED_PROXIES)}`,
  ];
}
