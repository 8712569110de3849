import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Smartphone } from 'lucide-react';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useAccountText, type AccountKey } from '@/web/i18n/account-text';
import { isVerificationReturn } from '../callback-outcome';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleButton } from './google-button';
import { PhoneSignIn } from './phone-sign-in';
import { ResetPasswordForm } from './reset-password-form';
import { SignInLinkPage } from './sign-in-link';
import { VerifyEmailPage } from './verify-email-page';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Tab = 'sign-in' | 'sign-up';

/** What /auth?verified=1[&error=…] has to say (a used verification link, or better-auth's own link from an older mail). */
function verificationNotice(params: URLSearchParams): { tone: 'success' | 'error'; text: AccountKey } | null {
  if (params.get('password') === 'changed') return { tone: 'success', text: 'passwordReset_changed' };
  if (!isVerificationReturn(params)) return null;
  if (params.get('error')) {
    return { tone: 'error', text: 'emailVerification_invalid' };
  }
  return { tone: 'success', text: 'emailVerification_verified' };
}

export interface AuthScreenProps {
  googleEnabled: boolean;
  /** Sign-in with a code by SMS is offered. */
  phoneSignIn: boolean;
  returnTo: string;
}

export function AuthScreen({ googleEnabled, phoneSignIn, returnTo }: AuthScreenProps) {
  const t = useAccountText();
  const [params] = useSearchParams();
  const [byPhone, setByPhone] = useState(false);
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in');
  const [signUpEmail, setSignUpEmail] = useState<string | null>(null);
  const verified = verificationNotice(params);
  const resetToken = params.get('reset');
  const signInToken = params.get('signin');
  const verifyToken = params.get('verify');
  if (verifyToken !== null) {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">{t('verifyEmailTitle')}</h1>
        <Card>
          <CardContent>
            <VerifyEmailPage token={verifyToken} />
          </CardContent>
        </Card>
      </section>
    );
  }
  if (signInToken !== null) {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">{t('signInByEmailTitle')}</h1>
        <Card>
          <CardContent>
            <SignInLinkPage token={signInToken} />
          </CardContent>
        </Card>
      </section>
    );
  }
  if (resetToken !== null || params.get('forgot') === '1') {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">{t('forgotPasswordTitle')}</h1>
        <Card>
          <CardContent>{resetToken !== null ? <ResetPasswordForm token={resetToken} /> : <ForgotPasswordForm />}</CardContent>
        </Card>
      </section>
    );
  }

  const tabClass =
    'flex-1 rounded-md px-3 py-2 text-sm font-semibold max-sm:min-h-11 text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow';
  // Both panels stay mounted (hidden when inactive) so each keeps what was typed into it.
  const panelClass = 'mt-6 data-[state=inactive]:hidden';

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-2 text-center text-3xl font-bold text-slate-900">{t('welcome')}</h1>
      <p className="mb-6 text-center text-slate-600">{t('welcomeLead')}</p>
      <Card>
        <CardContent>
          {byPhone ? (
            <PhoneSignIn onUseEmail={() => setByPhone(false)} />
          ) : (
            <Tabs.Root value={tab} onValueChange={(v) => setTab(v === 'sign-up' ? 'sign-up' : 'sign-in')}>
              <Tabs.List aria-label={t('signInOrSignUp')} className="flex gap-1 rounded-lg bg-slate-100 p-1">
                <Tabs.Trigger value="sign-in" className={tabClass}>
                  {t('signInTab')}
                </Tabs.Trigger>
                <Tabs.Trigger value="sign-up" className={tabClass}>
                  {t('signUpTab')}
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="sign-in" forceMount className={panelClass}>
                {signUpEmail ? (
                  <Alert tone="info" className="mb-4">
                    {t('checkEmail')}
                  </Alert>
                ) : (
                  verified && (
                    <Alert tone={verified.tone} className="mb-4">
                      {t(verified.text)}
                    </Alert>
                  )
                )}
                <SignInForm key={signUpEmail ?? ''} defaultEmail={signUpEmail ?? ''} returnTo={returnTo} />
              </Tabs.Content>
              <Tabs.Content value="sign-up" forceMount className={panelClass}>
                <SignUpForm
                  returnTo={returnTo}
                  onSignedUp={(email) => {
                    setSignUpEmail(email);
                    setTab('sign-in');
                  }}
                />
              </Tabs.Content>
            </Tabs.Root>
          )}
          <div className="my-6 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t('or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <div className="space-y-3">
            <GoogleButton enabled={googleEnabled} returnTo={returnTo} />
            {phoneSignIn && !byPhone && (
              <Button variant="outline" className="w-full" onClick={() => setByPhone(true)}>
                <Smartphone aria-hidden="true" className="size-4" />
                {t('usePhone')}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
