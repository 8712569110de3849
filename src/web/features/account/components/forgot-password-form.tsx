import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '../../../components/ui/link';
import { forgotPasswordSchema, type ForgotPasswordValues } from '@/domain/password-reset';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { requestPasswordReset } from '../api';
import { fieldError, showServerFieldErrors, toastFirstError, useFormMessage } from './form-errors';
import { useAccountText } from '@/web/i18n/account-text';
import { TextField } from '@/web/components/ui/text-field';

const FIELDS = ['email'] as const;

/** /auth?forgot=1: asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const t = useAccountText();
  const translate = useFormMessage();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<{ email: string }, unknown, ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: ForgotPasswordValues) => {
    try {
      setSent((await requestPasswordReset(values.email)).message);
    } catch (err) {
      showServerFieldErrors(err, form.setError, FIELDS);
      toast.error(errorMessage(err, t('resetLinkFailed')));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS, translate))} className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{t('resetTitle')}</h2>
      <p className="text-sm text-slate-600">{t('resetLead')}</p>
      {sent && <Alert tone="success">{sent}</Alert>}
      <TextField
        id="forgot-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        error={fieldError(errors, 'email', translate)}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('sending') : t('emailResetLink')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth" className="tap font-medium text-brand-700 underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </form>
  );
}
