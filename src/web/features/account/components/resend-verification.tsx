import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { resendVerification } from '../api';

/** Shown after an unverified sign-in: sends the verification link again. */
export function ResendVerification({ email, returnTo }: { email: string; returnTo: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      const { message } = await resendVerification(email, returnTo);
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred while sending the verification email'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert tone="warning" title="Your email address is not verified yet">
      <p className="mb-3">Open the link we emailed to {email}, or ask for a new one.</p>
      <Button variant="outline" size="sm" onClick={resend} disabled={sending}>
        {sending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </Alert>
  );
}
