import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { useAccountText } from '@/web/i18n/account-text';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { verifyEmail } from '../api';
import { returnState } from '../return-path';
import { announceSessionChange } from '../session-events';
import { sessionQueryKey } from '../use-session';

/**
 * /auth?verify=<code>: the emailed verification link's page. Verifying takes a click, so a mail
 * scanner opening the link neither verifies nor signs in. The first use signs the customer in and
 * goes back to the page that sent them to /auth (checkout, say); a later use says they can sign in.
 */
export function VerifyEmailPage({ token }: { token: string }) {
  const t = useAccountText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      const { signedIn, returnTo, message } = await verifyEmail(token);
      toast.success(message);
      if (signedIn) {
        // /auth moves on to the page in its state as soon as the session query sees the customer.
        void navigate('/auth', { replace: true, state: returnState(returnTo) });
        announceSessionChange();
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      } else {
        void navigate('/auth?verified=1', { replace: true, state: returnState(returnTo) });
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields?.token) setInvalid(true);
      else toast.error(errorMessage(err, t('verifyFailed')));
      setBusy(false);
    }
  };
  if (invalid) {
    return (
      <Alert tone="error">
        {t('emailVerification_invalid')}{' '}
        <Link to="/auth" className="font-medium underline">
          {t('signInLinkText')}
        </Link>
      </Alert>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('verifyLead')}</p>
      <Button className="w-full" onClick={verify} disabled={busy}>
        {busy ? t('verifying') : t('verifyAndContinue')}
      </Button>
    </div>
  );
}
