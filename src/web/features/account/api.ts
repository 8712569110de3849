// The account endpoints (src/server/features/account) and better-auth's sign-out.
import type { ProfileValues, SignInValues, SignUpValues } from '@/domain/validation';
import type { ProfileView } from '@/server/features/account/account.service';
import { apiFetch } from '../../lib/api';

export const signUp = (values: SignUpValues) =>
  apiFetch<{ ok: true }>('/api/account/sign-up', { method: 'POST', json: values });

export const signIn = (values: SignInValues) =>
  apiFetch<{ ok: true }>('/api/account/sign-in', { method: 'POST', json: values });

export const resendVerification = (email: string) =>
  apiFetch<{ message: string }>('/api/account/resend-verification', { method: 'POST', json: { email } });

/** Where to send the browser to sign in with Google. */
export const startGoogleSignIn = () => apiFetch<{ url: string }>('/api/account/google', { method: 'POST' });

export const signOut = () => apiFetch<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', json: {} });

export const updateProfile = (values: ProfileValues) =>
  apiFetch<{ profile: ProfileView }>('/api/account/profile', { method: 'PATCH', json: values });

export const requestPasswordReset = (email: string) =>
  apiFetch<{ message: string }>('/api/account/forgot-password', { method: 'POST', json: { email } });

export const resetPassword = (token: string, password: string) =>
  apiFetch<{ message: string }>('/api/account/reset-password', { method: 'POST', json: { token, password } });
