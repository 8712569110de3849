// Starts Google sign-in; better-auth keeps the state and PKCE verifier and finishes the flow at
// /api/auth/callback/google, then sends the browser to /auth/callback (success or error alike:
// that page goes on to /shop with a session, to /auth without).
import type { Auth } from '../../auth/auth';
import { GOOGLE_PROVIDER_ID } from '../../auth/google-sign-in';

const GOOGLE_RETURN_PATH = '/auth/callback';

export async function startGoogleSignIn(auth: Auth, requestHeaders: Headers): Promise<{ url: string; headers: Headers }> {
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: GOOGLE_PROVIDER_ID, callbackURL: GOOGLE_RETURN_PATH, errorCallbackURL: GOOGLE_RETURN_PATH },
    headers: requestHeaders,
    returnHeaders: true,
  });
  if (!response.url) throw new Error('better-auth returned no Google authorisation URL');
  return { url: response.url, headers };
}
