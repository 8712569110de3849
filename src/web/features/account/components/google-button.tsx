import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { startGoogleSignIn } from '../api';
import { rememberReturnPath } from '../return-path';
import { useAccountText } from '@/web/i18n/account-text';

/** Leaves for Google (or says it is not configured); Google comes back to /auth/callback. */
export function GoogleButton({ enabled, returnTo }: { enabled: boolean; returnTo: string }) {
  const t = useAccountText();
  const [leaving, setLeaving] = useState(false);
  if (!enabled) {
    return (
      <Button variant="outline" className="w-full" disabled>
        {t('googleNotConfigured')}
      </Button>
    );
  }
  const go = async () => {
    setLeaving(true);
    try {
      const { url } = await startGoogleSignIn();
      rememberReturnPath(returnTo);
      window.location.assign(url);
    } catch (err) {
      toast.error(errorMessage(err, t('googleFailed')));
      setLeaving(false);
    }
  };
  return (
    <Button variant="outline" className="w-full" onClick={go} disabled={leaving}>
      <GoogleMark />
      {leaving ? t('googleRedirecting') : t('googleContinue')}
    </Button>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.1 5.3-4.6 7l7.1 5.5c4.2-3.9 7.2-9.6 7.2-17z" />
      <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.1-5.5c-2 1.4-4.8 2.3-8.8 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
