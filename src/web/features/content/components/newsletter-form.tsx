import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { useFooterText } from '@/web/i18n/footer-text';
import { ApiError } from '@/web/lib/api';
import { subscribe } from '../api';

export function NewsletterForm() {
  const t = useFooterText();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The browser's first check: not empty and with an '@'. The server checks the rest.
    if (email.trim() === '' || !email.includes('@')) {
      toast.error(t('invalidEmailTitle'), { description: t('invalidEmail') });
      return;
    }
    setBusy(true);
    try {
      const { message } = await subscribe(email);
      toast.success(message);
      setEmail('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) toast.info(t('alreadySubscribed'));
      else if (err instanceof ApiError && err.status === 400) {
        toast.error(t('invalidEmailTitle'), { description: err.message || t('invalidEmail') });
      } else {
        // A 429 says how long to wait; anything else gets the generic failure text.
        const wait = err instanceof ApiError && err.status === 429 && err.message;
        toast.error(t('subscriptionFailedTitle'), { description: wait || t('subscriptionFailed') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <p className="text-sm text-slate-200">{t('newsletterLead')}</p>
      <label htmlFor="newsletter-email" className="sr-only">
        {t('emailAddress')}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={t('yourEmail')}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          className="h-10 min-w-0 flex-1 rounded-md border border-white/30 max-sm:h-11 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={busy}
          className="h-10 rounded-md bg-accent-400 max-sm:h-11 px-4 text-sm font-semibold text-slate-900 hover:bg-accent-500 disabled:opacity-60"
        >
          {busy ? t('subscribing') : t('subscribe')}
        </button>
      </div>
    </form>
  );
}
