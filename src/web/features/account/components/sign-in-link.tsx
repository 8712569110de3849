import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SIGN_IN_LINK_MESSAGES } from '@/domain/sign-in-link';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { requestSignInLink, signInWithLink } from '../api';
import { announceSessionChange } from '../session-events';
import { sessionQueryKey } from '../use-session';

/** Shown when sign-in is refused for too many attempts: mails a one-time sign-in link instead. */
export function RequestSignInLink({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { message } = await requestSignInLink(email);
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred while sending the sign-in link'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert tone="warning" title="Too many attempts">
      <p className="mb-3">We can email {email} a link that signs you in at once. It works once, within 15 minutes.</p>
      <Button variant="outline" size="sm" onClick={send} disabled={sending}>
        {sending ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
    </Alert>
  );
}

/**
 * /auth?signin=<token>: the emailed link's page. Signing in takes a click, so a mail scanner opening
 * the link does not use it up. Success refetches the session; the /auth page then moves on.
 */
export function SignInLinkPage({ token }: { token: string }) {
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
      else toast.error(errorMessage(err, 'An error occurred during sign in'));
    } finally {
      setBusy(false);
    }
  };
  if (invalid) {
    return (
      <Alert tone="error">
        {SIGN_IN_LINK_MESSAGES.invalid}{' '}
        <Link to="/auth" className="font-medium underline">
          Back to sign in
        </Link>
      </Alert>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-slate-700">Sign in with the link we emailed you.</p>
      <Button className="w-full" onClick={signIn} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </div>
  );
}
