import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { newPasswordFormSchema, type NewPasswordFormInput } from '@/domain/password-reset';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { resetPassword } from '../api';
import { fieldError, showServerFieldErrors, toastFirstError, useFormMessage } from './form-errors';
import { useAccountText } from '@/web/i18n/account-text';
import { TextField } from '@/web/components/ui/text-field';

const FIELDS = ['password', 'confirmPassword'] as const;

/** /auth?reset=<token>: the emailed link's page. A used or expired link says so and offers a new one. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useAccountText();
  const translate = useFormMessage();
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const form = useForm<NewPasswordFormInput>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: NewPasswordFormInput) => {
    try {
      const { message } = await resetPassword(token, values.password);
      toast.success(message);
      navigate('/auth?password=changed', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.token) setLinkInvalid(true);
      showServerFieldErrors(err, form.setError, ['password']);
      toast.error(errorMessage(err, t('changePasswordFailed')));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS, translate))} className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{t('newPasswordTitle')}</h2>
      {linkInvalid && (
        <Alert tone="error">
          {t('passwordReset_linkInvalid')}{' '}
          <Link to="/auth?forgot=1" className="font-medium underline">
            {t('askNewLink')}
          </Link>
        </Alert>
      )}
      <TextField
        id="reset-password"
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors, 'password', translate)}
        {...form.register('password')}
      />
      <TextField
        id="reset-confirm-password"
        label={t('newPasswordAgain')}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors, 'confirmPassword', translate)}
        {...form.register('confirmPassword')}
      />
      <p className="text-sm text-slate-600">{t('newPasswordHint')}</p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('saveNewPassword')}
      </Button>
    </form>
  );
}
