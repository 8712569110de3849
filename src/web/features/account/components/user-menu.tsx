import { UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../use-session';

const AccountMenu = lazy(() => import('./account-menu'));

// Signed out: Sign In. Signed in: a menu named after the customer (full name, else email).
export function UserMenu() {
  const { data } = useSession();
  if (!data?.user) {
    return (
      <Link to="/auth" className="tap rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Sign In
      </Link>
    );
  }
  const name = data.profile?.fullName || data.user.email;
  return (
    <Suspense
      fallback={
        <span className="inline-flex max-w-48 items-center gap-1 px-3 py-2 text-sm font-medium text-slate-800">
          <UserRound aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="truncate">{name}</span>
        </span>
      }
    >
      <AccountMenu name={name} />
    </Suspense>
  );
}
