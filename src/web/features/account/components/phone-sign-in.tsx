// 'Use my phone number': a Kenyan number → 'Send code' → the 6-digit code from the SMS → signed in
// (the account is made on the number's first sign-in). The /auth page then returns to where the
// customer came from, as after a password sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { kenyanPhone, PHONE_CODE_LENGTH } from '@/domain/phone-sign-in';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAccountText } from '@/web/i18n/account-text';
import { sendPhoneCode, signInWithPhoneCode } from '../api';
import { announceSessionChange } from '../session-events';
import { sessionQueryKey } from '../use-session';

const CODE_PATTERN = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);

export function PhoneSignIn({ onUseEmail }: { onUseEmail(): void }) {
  const t = useAccountText();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: 'phone' | 'code'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setError(null);
    if (!kenyanPhone(phone.trim())) {
      setError({ field: 'phone', message: t('phoneSignIn_invalidPhone') });
      return;
    }
    setBusy(true);
    try {
      const { message } = await sendPhoneCode(phone);
      setSent(message);
      setCode('');
    } catch (err) {
      setError({ field: sent ? 'code' : 'phone', message: errorMessage(err, t('codeNotSent')) });
    } finally {
      setBusy(false);
    }
  };

  const signIn = async () => {
    setError(null);
    const typed = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(typed)) {
      setError({ field: 'code', message: t('phoneSignIn_invalidCode', { length: PHONE_CODE_LENGTH }) });
      return;
    }
    setBusy(true);
    try {
      await signInWithPhoneCode(phone, typed);
      toast.success(t('phoneSignIn_signedIn'));
      announceSessionChange();
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    } catch (err) {
      setError({ field: 'code', message: errorMessage(err, t('signInFailed')) });
      setBusy(false);
    }
  };

  if (sent === null) {
    return (
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <TextField
          id="phone-sign-in-number"
          label={t('phoneNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('phoneHint')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={error?.field === 'phone' ? error.message : undefined}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('sending') : t('sendCode')}
        </Button>
        <Button variant="link" className="w-full" onClick={onUseEmail}>
          {t('useEmail')}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void signIn();
      }}
    >
      <Alert tone="info">{sent}</Alert>
      <TextField
        id="phone-sign-in-code"
        label={t('codeFromSms')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={PHONE_CODE_LENGTH + 2}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error?.field === 'code' ? error.message : undefined}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('signingIn') : t('signInWithCode')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" onClick={() => void send()} disabled={busy}>
          {t('sendNewCode')}
        </Button>
        <Button
          variant="link"
          onClick={() => {
            setSent(null);
            setError(null);
          }}
        >
          {t('changeNumber')}
        </Button>
      </div>
    </form>
  );
}
