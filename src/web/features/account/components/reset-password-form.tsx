import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { newPasswordFormSchema, PASSWORD_RESET_MESSAGES, type NewPasswordFormInput } from '@/domain/password-reset';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { resetPassword } from '../api';
import { showServerFieldErrors, toastFirstError } from './form-errors';
import { TextField } from '@/web/components/ui/text-field';

const FIELDS = ['password', 'confirmPassword'] as const;

/** /auth?reset=<token>: the emailed link's page. A used or expired link says so and offers a new one. */
export function ResetPasswordForm({ token }: { token: string }) {
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
      toast.error(errorMessage(err, 'An error occurred while changing your password'));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS))} className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Choose a new password</h2>
      {linkInvalid && (
        <Alert tone="error">
          {PASSWORD_RESET_MESSAGES.linkInvalid}{' '}
          <Link to="/auth?forgot=1" className="font-medium underline">
            Ask for a new link
          </Link>
        </Alert>
      )}
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        id="reset-confirm-password"
        label="New password again"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <p className="text-sm text-slate-600">At least 8 characters. Changing it signs you out on every device.</p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save new password'}
      </Button>
    </form>
  );
}
