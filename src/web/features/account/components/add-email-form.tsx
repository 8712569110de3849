import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { addEmailSchema, type AddEmailValues } from '@/domain/phone-sign-in';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { addEmail } from '../api';
import { pendingEmailQueryKey } from '../use-pending-email';
import { fieldError, showServerFieldErrors, toastFirstError, useFormMessage } from './form-errors';
import { useAccountText } from '@/web/i18n/account-text';

const FIELDS = ['email'] as const;

/** On the profile of an account made with a code by SMS: adds its email, pending until the mailed link is used signed in. */
export function AddEmailForm() {
  const t = useAccountText();
  const translate = useFormMessage();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<{ email: string }, unknown, AddEmailValues>({ resolver: zodResolver(addEmailSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: AddEmailValues) => {
    try {
      const { message } = await addEmail(values.email);
      setSent(message);
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: pendingEmailQueryKey });
    } catch (err) {
      showServerFieldErrors(err, form.setError, FIELDS);
      toast.error(errorMessage(err, t('addEmailFailed')));
    }
  };

  if (sent) return <Alert tone="success">{sent}</Alert>;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS, translate))}
      className="mb-4 space-y-3"
      aria-label={t('addEmailLabel')}
    >
      <TextField
        id="add-email"
        label={t('emailAddress')}
        type="email"
        autoComplete="email"
        error={fieldError(errors, 'email', translate)}
        {...form.register('email')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('sending') : t('addEmail')}
      </Button>
    </form>
  );
}
