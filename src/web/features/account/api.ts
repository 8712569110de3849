// The account endpoints (src/server/features/account) through the typed client, and better-auth's
// sign-out, which is the library's own endpoint (not one of our routes).
import type { ProfileValues, SignInValues, SignUpValues } from '@/domain/validation';
import type { ConsentKind } from '@/domain/consents';
import { apiFetch, readApiAnswer, sendApiRequest } from '../../lib/api';
import { api, call } from '../../lib/api-client';

/** `returnTo`: the page the emailed verification link brings the customer back to. */
export const signUp = (values: SignUpValues, returnTo: string) => call(api.account['sign-up'].$post({ json: { ...values, returnTo } }));

export const signIn = (values: SignInValues) => call(api.account['sign-in'].$post({ json: values }));

export const resendVerification = (email: string, returnTo: string) =>
  call(api.account['resend-verification'].$post({ json: { email, returnTo } }));

/** Uses the emailed verification link's code: verified, signed in the first time, and where to go back to. */
export const verifyEmail = (token: string) => call(api.account['verify-email'].$post({ json: { token } }));

/** Where to send the browser to sign in with Google. */
export const startGoogleSignIn = () => call(api.account.google.$post());

export const signOut = () => apiFetch<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', json: {} });

export const updateProfile = (values: ProfileValues) => call(api.account.profile.$patch({ json: values }));

export const requestPasswordReset = (email: string) => call(api.account['forgot-password'].$post({ json: { email } }));

export const resetPassword = (token: string, password: string) => call(api.account['reset-password'].$post({ json: { token, password } }));

export const requestSignInLink = (email: string) => call(api.account['sign-in-link'].$post({ json: { email } }));

export const signInWithLink = (token: string) => call(api.account['sign-in-link'].use.$post({ json: { token } }));

/** Texts a 6-digit sign-in code to a Kenyan number (the same answer for every number). */
export const sendPhoneCode = (phone: string) => call(api.account['phone-code'].$post({ json: { phone } }));

/** The right code signs in, making the account on the number's first sign-in. */
export const signInWithPhoneCode = (phone: string, code: string) =>
  call(api.account['phone-code']['sign-in'].$post({ json: { phone, code } }));

/** A phone-only account's email: kept pending, and the confirmation link mailed to it. */
export const addEmail = (email: string) => call(api.account.email.$post({ json: { email } }));

/** The email waiting for its link on the signed-in account (null: none). */
export const fetchPendingEmail = () => call(api.account.email.$get());

/** Uses the mailed link's code while signed in: the pending address becomes the account's email. */
export const confirmEmail = (token: string) => call(api.account.email.confirm.$post({ json: { token } }));

/** Each consent with the date it was given, the newsletter address if subscribed, and their history. */
export const fetchConsents = () => call(api.account.consents.$get());

/** Withdraws one consent in one tap; answers the consents as they are now. */
export const withdrawConsent = (kind: ConsentKind) => call(api.account.consents.withdraw.$post({ json: { kind } }));

/** 'Download my data': the JSON file, or the orders as CSV. A refusal (too many, signed out) throws ApiError. */
export async function downloadMyData(what: 'json' | 'orders-csv'): Promise<{ blob: Blob; filename: string }> {
  const res = await sendApiRequest(what === 'json' ? '/api/account/data-export' : '/api/account/data-export/orders.csv');
  if (!res.ok) await readApiAnswer(res);
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? (what === 'json' ? 'my-data.json' : 'my-orders.csv');
  return { blob: await res.blob(), filename };
}
