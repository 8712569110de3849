import type { SessionInfo } from '../use-session';
import { formatWindowTime } from '@/domain/delivery-slots';
import { formatPhone } from '@/domain/phone';
import { NO_EMAIL_NOTE, UNCONFIRMED_EMAIL } from '@/domain/phone-sign-in';
import { Alert } from '@/web/components/ui/alert';
import { usePendingEmail } from '../use-pending-email';
import { AddEmailForm } from './add-email-form';

/** The read view of the profile page: each value, or 'Not provided'. */
export function ProfileDetails({ session }: { session: SessionInfo }) {
  const noEmail = session.user !== null && session.user.email === '';
  // An added address waits for its link, and is not the account's email until then.
  const pending = usePendingEmail(noEmail).data?.pendingEmail;
  const rows: [string, string | null | undefined][] = [
    ['Email', session.user?.email || (pending && `${pending} (${UNCONFIRMED_EMAIL})`)],
    ['Full Name', session.profile?.fullName],
    ['Phone Number', session.profile?.phone && formatPhone(session.profile.phone)],
    ['Address', session.profile?.address],
    ['Usual delivery time', session.profile?.usualDeliveryTime && formatWindowTime(session.profile.usualDeliveryTime)],
    ['SMS updates', session.profile ? (session.profile.smsUpdates ? 'On' : 'Off') : null],
    ['Cart reminders by SMS', session.profile ? (session.profile.cartReminders ? 'On' : 'Off') : null],
    ['KRA PIN (business invoices)', session.profile?.kraPin],
    ['Business name', session.profile?.businessName],
  ];
  return (
    <>
      {noEmail && (
        <>
          <Alert tone="info" className="mb-4">
            {NO_EMAIL_NOTE}
          </Alert>
          <AddEmailForm />
        </>
      )}
      <dl className="divide-y divide-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className={value ? 'text-slate-900 sm:col-span-2' : 'italic text-slate-600 sm:col-span-2'}>{value || 'Not provided'}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
