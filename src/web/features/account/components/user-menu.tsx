import { lazy, Suspense } from 'react';
import { Link } from '../../../components/ui/link';
import { shellIcon } from '../../../components/ui/shell-icon';
import { formatPhone } from '@/domain/phone';
// The header's own words (the shell's catalogue, in the first download), not the account screens'.
import { useShellText } from '@/web/i18n/shell-text';
import { useSession } from '../use-session';

const AccountMenu = lazy(() => import('./account-menu'));
const USER_ICON = shellIcon('UserRound', 'h-4 w-4 shrink-0');

// Signed out: Sign In. Signed in: a menu named after the customer (full name, else email, else phone).
export function UserMenu() {
  const t = useShellText();
  const { data } = useSession();
  if (!data?.user) {
    return (
      <Link to="/auth" className="tap rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('signIn')}
      </Link>
    );
  }
  // An account made with a code by SMS may have neither a name nor an email yet: its number then.
  const name = data.profile?.fullName || data.user.email || formatPhone(data.profile?.phone ?? '') || t('account');
  return (
    <Suspense
      fallback={
        <span className="inline-flex max-w-48 items-center gap-1 px-3 py-2 text-sm font-medium text-slate-800">
          {USER_ICON}
          <span className="truncate">{name}</span>
        </span>
      }
    >
      <AccountMenu name={name} />
    </Suspense>
  );
}
