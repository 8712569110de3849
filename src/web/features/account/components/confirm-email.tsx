import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { confirmEmail } from '../api';
import { pendingEmailQueryKey } from '../use-pending-email';
import { sessionQueryKey } from '../use-session';
import { useAccountText } from '@/web/i18n/account-text';

/**
 * /profile?confirm-email=<code>: the link mailed to an address a phone-only account added. Signed in
 * (RequireAuth saw to it), one click makes the address this account's email; it signs nobody in.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const t = useAccountText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      const { message } = await confirmEmail(token);
      toast.success(message);
      void navigate('/profile', { replace: true });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await queryClient.invalidateQueries({ queryKey: pendingEmailQueryKey });
    } catch (err) {
      setError(errorMessage(err, t('confirmEmailFailed')));
      setBusy(false);
    }
  };
  if (error) {
    return (
      <Alert tone="error" className="mb-4">
        {error}
      </Alert>
    );
  }
  return (
    <div className="mb-4 space-y-3">
      <p className="text-slate-700">{t('confirmEmailLead')}</p>
      <Button onClick={confirm} disabled={busy}>
        {busy ? t('confirming') : t('confirmMyEmail')}
      </Button>
    </div>
  );
}
