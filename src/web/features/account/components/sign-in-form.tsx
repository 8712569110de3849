import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '../../../components/ui/link';
import { toast } from '@/web/lib/toast';
import { signInSchema, type SignInValues } from '@/domain/validation';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { signIn } from '../api';
import { announceSessionChange } from '../session-events';
import { sessionQueryKey } from '../use-session';
import { fieldErrorProps, showServerFieldErrors, toastFirstError, useFormMessage } from './form-errors';
import { useAccountText } from '@/web/i18n/account-text';
import { ResendVerification } from './resend-verification';
import { RequestSignInLink } from './sign-in-link';
import { TextField } from '@/web/components/ui/text-field';

type SignInInput = { email: string; password: string };
const FIELDS = ['email', 'password'] as const;

export interface SignInFormProps {
  defaultEmail?: string;
  /** Where a new verification link brings the customer back to. */
  returnTo: string;
}

/** Email + password. Success refetches the session; the /auth page then moves on (to /shop or the origin). */
export function SignInForm({ defaultEmail = '', returnTo }: SignInFormProps) {
  const t = useAccountText();
  const translate = useFormMessage();
  const queryClient = useQueryClient();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [throttledEmail, setThrottledEmail] = useState<string | null>(null);
  const form = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { fillAll, field } = fieldErrorProps(errors, FIELDS, translate);

  const onValid = async (values: SignInValues) => {
    setUnverifiedEmail(null);
    setThrottledEmail(null);
    try {
      await signIn(values);
      toast.success(t('signedIn'));
      announceSessionChange();
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(values.email);
      if (err instanceof ApiError && err.code === 'TOO_MANY_ATTEMPTS') setThrottledEmail(values.email);
      showServerFieldErrors(err, form.setError, FIELDS);
      toast.error(errorMessage(err, t('signInFailed')));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS, translate))} className="space-y-4">
      {fillAll && <Alert tone="error">{t('validation_fillAllFields')}</Alert>}
      <TextField id="sign-in-email" label={t('email')} type="email" autoComplete="email" {...field('email')} {...form.register('email')} />
      <TextField
        id="sign-in-password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        {...field('password')}
        {...form.register('password')}
      />
      <p className="-mt-2 text-right text-sm">
        <Link to="/auth?forgot=1" className="tap font-medium text-brand-700 underline">
          {t('forgotPassword')}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('signingIn') : t('signIn')}
      </Button>
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} returnTo={returnTo} />}
      {throttledEmail && <RequestSignInLink email={throttledEmail} />}
    </form>
  );
}
