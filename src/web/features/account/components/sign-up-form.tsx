import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { signUpSchema, type SignUpInput, type SignUpValues } from '@/domain/validation';
import { useAccountText } from '@/web/i18n/account-text';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { PrivacyNoticeLink } from '@/web/components/ui/privacy-notice-link';
import { errorMessage } from '@/web/lib/api';
import { signUp } from '../api';
import { AddressCombobox } from './address-combobox';
import { fieldErrorProps, showServerFieldErrors, toastFirstError, useFormMessage } from './form-errors';
import { TextField } from '@/web/components/ui/text-field';

const FIELDS = ['fullName', 'email', 'phone', 'address', 'password'] as const;

export interface SignUpFormProps {
  /** After the account is created: the page switches to Sign In for this email. */
  onSignedUp(email: string): void;
  /** The page the emailed verification link brings the customer back to. */
  returnTo: string;
}

export function SignUpForm({ onSignedUp, returnTo }: SignUpFormProps) {
  const form = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', phone: '', address: '', password: '' },
  });
  const t = useAccountText();
  const translate = useFormMessage();
  const { errors, isSubmitting } = form.formState;
  const { fillAll, field } = fieldErrorProps(errors, FIELDS, translate);

  const onValid = async (values: SignUpValues) => {
    try {
      await signUp(values, returnTo);
      toast.success(t('accountCreated'));
      form.reset({ ...form.getValues(), fullName: '', phone: '', address: '' });
      onSignedUp(values.email);
    } catch (err) {
      showServerFieldErrors(err, form.setError, FIELDS);
      toast.error(errorMessage(err, t('signUpFailed')));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS, translate))} className="space-y-4">
      {fillAll && <Alert tone="error">{t('validation_fillAllFields')}</Alert>}
      <TextField id="sign-up-name" label={t('rowFullName')} autoComplete="name" {...field('fullName')} {...form.register('fullName')} />
      <TextField id="sign-up-email" label={t('email')} type="email" autoComplete="email" {...field('email')} {...form.register('email')} />
      <TextField
        id="sign-up-phone"
        label={t('rowPhone')}
        type="tel"
        autoComplete="tel"
        placeholder="+254 700 000 000"
        {...field('phone')}
        {...form.register('phone')}
      />
      <Controller
        control={form.control}
        name="address"
        render={({ field: f }) => (
          <AddressCombobox
            id="sign-up-address"
            label={t('deliveryAddress')}
            name={f.name}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            ref={f.ref}
            {...field('address')}
          />
        )}
      />
      <TextField
        id="sign-up-password"
        label={t('password')}
        type="password"
        autoComplete="new-password"
        {...field('password')}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('creatingAccount') : t('createAccount')}
      </Button>
      <PrivacyNoticeLink />
    </form>
  );
}
