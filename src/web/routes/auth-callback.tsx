import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { useDocumentMeta } from '../lib/document-title';
import { callbackOutcome } from '../features/account/callback-outcome';
import { takeReturnPath } from '../features/account/return-path';
import { announceSessionChange } from '../features/account/session-events';
import { fetchSession, sessionQueryKey } from '../features/account/use-session';
import { useAccountText, type AccountKey } from '../i18n/account-text';

// /auth/callback: Google (through better-auth) and the email verification link come back here.
// With a session on to /shop (or the page remembered before leaving for Google), else to /auth.
// The outcome's toasts (callback-outcome.ts), by the catalogue key that says them.
const TOAST_KEYS: Readonly<Record<string, AccountKey>> = {
  'Signed in successfully!': 'signedIn',
  'An error occurred during Google sign in': 'googleFailed',
};

export default function AuthCallback() {
  const t = useAccountText();
  useDocumentMeta(t('callbackTitle'));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = params.toString();

  useEffect(() => {
    let cancelled = false;
    const finish = async () => {
      let signedIn = false;
      try {
        const session = await queryClient.fetchQuery({
          queryKey: sessionQueryKey,
          queryFn: fetchSession,
          staleTime: 0,
        });
        signedIn = Boolean(session.user);
      } catch {
        signedIn = false;
      }
      if (cancelled) return;
      const outcome = callbackOutcome(new URLSearchParams(query), signedIn, takeReturnPath);
      const key = outcome.toast && TOAST_KEYS[outcome.toast.text];
      const text = key ? t(key) : outcome.toast?.text;
      if (outcome.toast?.tone === 'success' && text) toast.success(text);
      if (outcome.toast?.tone === 'error' && text) toast.error(text);
      if (outcome.announce) announceSessionChange();
      navigate(outcome.to, { replace: true });
    };
    void finish();
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate, query, t]);

  return (
    <section className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center" aria-busy="true">
      <span className="mb-4 h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('callbackTitle')}</h1>
    </section>
  );
}
