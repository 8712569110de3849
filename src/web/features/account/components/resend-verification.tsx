import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { resendVerification } from '../api';
import { useAccountText } from '@/web/i18n/account-text';

/** Shown after an unverified sign-in: sends the verification link again. */
export function ResendVerification({ email, returnTo }: { email: string; returnTo: string }) {
  const t = useAccountText();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      const { message } = await resendVerification(email, returnTo);
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, t('resendFailed')));
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert tone="warning" title={t('notVerifiedTitle')}>
      <p className="mb-3">{t('notVerifiedText', { email })}</p>
      <Button variant="outline" size="sm" onClick={resend} disabled={sending}>
        {sending ? t('sending') : t('resendVerification')}
      </Button>
    </Alert>
  );
}
