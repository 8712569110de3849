// Where /auth/callback goes next. Two kinds of visitor arrive there:
// - back from Google (through better-auth), with a session or with ?error=…;
// - from the verification link in the sign-up email (?verified=1, plus ?error=… when the link is
//   bad or expired). Verifying does not sign in: the customer signs in on /auth ("then
//   sign in here"), which says whether the link worked.
export interface CallbackOutcome {
  to: string;
  toast?: { tone: 'success' | 'error'; text: string };
  /** Tell the other tabs: this tab is now signed in. */
  announce: boolean;
}

const VERIFIED_PARAM = 'verified';

export function isVerificationReturn(params: URLSearchParams): boolean {
  return params.has(VERIFIED_PARAM);
}

export function callbackOutcome(params: URLSearchParams, signedIn: boolean, returnTo: () => string): CallbackOutcome {
  if (isVerificationReturn(params)) {
    if (signedIn) return { to: '/shop', announce: false };
    const error = params.get('error');
    const query = new URLSearchParams({ [VERIFIED_PARAM]: '1', ...(error ? { error } : {}) });
    return { to: `/auth?${query}`, announce: false };
  }
  if (signedIn) return { to: returnTo(), toast: { tone: 'success', text: 'Signed in successfully!' }, announce: true };
  if (params.has('error')) {
    return { to: '/auth', toast: { tone: 'error', text: 'An error occurred during Google sign in' }, announce: false };
  }
  return { to: '/auth', announce: false };
}
