import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { profileSchema, type ProfileValues } from '@/domain/validation';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { updateProfile } from '../api';
import { sessionQueryKey, type SessionInfo } from '../use-session';
import { consentsQueryKey } from './consents-panel';
import { showServerFieldErrors, toastFirstError, useFormMessage } from './form-errors';
import { useAccountText } from '@/web/i18n/account-text';
import { TextField } from '@/web/components/ui/text-field';
import { CartRemindersCheckbox, SmsUpdatesCheckbox } from './sms-updates-checkbox';
import { formatPhone } from '@/domain/phone';

type ProfileInput = {
  fullName: string;
  phone: string;
  address: string;
  smsUpdates?: boolean;
  cartReminders?: boolean;
  kraPin?: string;
  businessName?: string;
};
const FIELDS = ['fullName', 'phone', 'address', 'kraPin', 'businessName'] as const;

/** The edit view of the profile page; saving or cancelling returns to the read view. */
export function ProfileForm({ session, onDone }: { session: SessionInfo; onDone(): void }) {
  const queryClient = useQueryClient();
  const t = useAccountText();
  const translate = useFormMessage();
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    // Checked on submit, then again as the customer types. Not on blur: a message appearing as a
    // field loses focus moves the Save button between mousedown and click, and the click is lost.
    defaultValues: {
      fullName: session.profile?.fullName ?? '',
      phone: formatPhone(session.profile?.phone ?? ''),
      address: session.profile?.address ?? '',
      smsUpdates: session.profile?.smsUpdates ?? true,
      cartReminders: session.profile?.cartReminders ?? false,
      kraPin: session.profile?.kraPin ?? '',
      businessName: session.profile?.businessName ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: ProfileValues) => {
    try {
      const { profile } = await updateProfile(values);
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, (old) => (old ? { ...old, profile } : old));
      // A changed SMS choice is a consent given or withdrawn: the consents list shows its new date.
      void queryClient.invalidateQueries({ queryKey: consentsQueryKey });
      toast.success(t('profileUpdated'));
      onDone();
    } catch (err) {
      showServerFieldErrors(err, form.setError, FIELDS);
      toast.error(errorMessage(err, t('profileUpdateFailed')));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, toastFirstError(FIELDS, translate))} className="space-y-4">
      <TextField
        id="profile-name"
        label={t('rowFullName')}
        autoComplete="name"
        error={errors.fullName?.message && translate(errors.fullName.message)}
        {...form.register('fullName')}
      />
      <TextField
        id="profile-phone"
        label={t('rowPhone')}
        type="tel"
        autoComplete="tel"
        placeholder="+254 700 000 000"
        error={errors.phone?.message && translate(errors.phone.message)}
        {...form.register('phone')}
      />
      <TextField
        id="profile-address"
        label={t('address')}
        autoComplete="street-address"
        error={errors.address?.message && translate(errors.address.message)}
        {...form.register('address')}
      />
      <SmsUpdatesCheckbox id="profile-sms-updates" {...form.register('smsUpdates')} />
      <CartRemindersCheckbox id="profile-cart-reminders" {...form.register('cartReminders')} />
      <TextField
        id="profile-kra-pin"
        label={t('kraPinLabel')}
        autoComplete="off"
        placeholder="P051234567X"
        hint={t('kraPinHint')}
        error={errors.kraPin?.message && translate(errors.kraPin.message)}
        {...form.register('kraPin')}
      />
      <TextField
        id="profile-business-name"
        label={t('businessNameLabel')}
        autoComplete="organization"
        error={errors.businessName?.message && translate(errors.businessName.message)}
        {...form.register('businessName')}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('saveChanges')}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
