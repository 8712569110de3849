import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { useAccountText } from '@/web/i18n/account-text';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { requestSignInLink, signInWithLink } from '../api';
import { announceSessionChange } from '../session-events';
import { sessionQueryKey } from '../use-session';

/** Shown when sign-in is refused for too many attempts: mails a one-time sign-in link instead. */
export function RequestSignInLink({ email }: { email: string }) {
  const t = useAccountText();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { message } = await requestSignInLink(email);
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, t('signInLinkFailed')));
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert tone="warning" title={t('tooManyAttempts')}>
      <p className="mb-3">{t('signInLinkOffer', { email })}</p>
      <Button variant="outline" size="sm" onClick={send} disabled={sending}>
        {sending ? t('sending') : t('emailSignInLink')}
      </Button>
    </Alert>
  );
}

/**
 * /auth?signin=<token>: the emailed link's page. Signing in takes a click, so a mail scanner opening
 * the link does not use it up. Success refetches the session; the /auth page then moves on.
 */
export function SignInLinkPage({ token }: { token: string }) {
  const t = useAccountText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      const { message } = await signInWithLink(token);
      toast.success(message);
      announceSessionChange();
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.token) setInvalid(true);
      else toast.error(errorMessage(err, t('signInFailed')));
    } finally {
      setBusy(false);
    }
  };
  if (invalid) {
    return (
      <Alert tone="error">
        {t('signInLink_invalid')}{' '}
        <Link to="/auth" className="font-medium underline">
          {t('backToSignIn')}
        </Link>
      </Alert>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('signInWithLink')}</p>
      <Button className="w-full" onClick={signIn} disabled={busy}>
        {busy ? t('signingIn') : t('signIn')}
      </Button>
    </div>
  );
}
