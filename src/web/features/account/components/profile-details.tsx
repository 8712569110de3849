import type { SessionInfo } from '../use-session';
import { formatWindowTime } from '@/domain/delivery-slots';
import { formatPhone } from '@/domain/phone';
import { Alert } from '@/web/components/ui/alert';
import { usePendingEmail } from '../use-pending-email';
import { AddEmailForm } from './add-email-form';
import { useAccountText, type AccountKey } from '@/web/i18n/account-text';

/** The read view of the profile page: each value, or 'Not provided'. */
export function ProfileDetails({ session }: { session: SessionInfo }) {
  const t = useAccountText();
  const noEmail = session.user !== null && session.user.email === '';
  // An added address waits for its link, and is not the account's email until then.
  const pending = usePendingEmail(noEmail).data?.pendingEmail;
  const rows: [AccountKey, string | null | undefined][] = [
    ['rowEmail', session.user?.email || (pending && t('pendingEmail', { email: pending, note: t('phoneSignIn_unconfirmedEmail') }))],
    ['rowFullName', session.profile?.fullName],
    ['rowPhone', session.profile?.phone && formatPhone(session.profile.phone)],
    ['rowAddress', session.profile?.address],
    ['rowDeliveryTime', session.profile?.usualDeliveryTime && formatWindowTime(session.profile.usualDeliveryTime)],
    ['rowSmsUpdates', session.profile ? t(session.profile.smsUpdates ? 'on' : 'off') : null],
    ['rowCartReminders', session.profile ? t(session.profile.cartReminders ? 'on' : 'off') : null],
    ['rowKraPin', session.profile?.kraPin],
    ['rowBusinessName', session.profile?.businessName],
  ];
  return (
    <>
      {noEmail && (
        <>
          <Alert tone="info" className="mb-4">
            {t('phoneSignIn_noEmailNote')}
          </Alert>
          <AddEmailForm />
        </>
      )}
      <dl className="divide-y divide-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{t(label)}</dt>
            <dd className={value ? 'text-slate-900 sm:col-span-2' : 'italic text-slate-600 sm:col-span-2'}>{value || t('notProvided')}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
