// Google sign-in: better-auth's built-in Google provider, or, when GOOGLE_OIDC_ISSUER is set (tests
// only; env.ts refuses it in production), the same 'google' id served by the generic OAuth plugin
// from that issuer's discovery document. better-auth 1.7 hard-codes Google's endpoints in its
// provider; generic providers use the same /sign-in/social and /callback/google endpoints, so the
// browser flow is identical either way.
import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Env } from '../env';

export const GOOGLE_PROVIDER_ID = 'google';

export function googleEnabled(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function googleSignInOptions(env: Env): Pick<BetterAuthOptions, 'socialProviders' | 'plugins'> {
  const clientId = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return { socialProviders: {}, plugins: [] };
  if (!env.GOOGLE_OIDC_ISSUER) {
    return { socialProviders: { google: { clientId, clientSecret, prompt: 'select_account' } }, plugins: [] };
  }
  const issuer = env.GOOGLE_OIDC_ISSUER.replace(/\/+$/, '');
  return {
    socialProviders: {},
    plugins: [
      genericOAuth({
        config: [
          {
            providerId: GOOGLE_PROVIDER_ID,
            discoveryUrl: `${issuer}/.well-known/openid-configuration`,
            clientId,
            clientSecret,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ],
      }),
    ],
  };
}
