import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Link } from '../../../components/ui/link';
import { LogOut, Store } from 'lucide-react';
import { useSignOut } from '../../account/use-sign-out';
import type { BackOfficeRole } from '@/domain/staff-roles';
import { SHOP_NAME } from '@/web/lib/document-title';
import { AdminNav } from './admin-nav';
import { LoadingRows } from './list-states';
import { OrderSoundToggle, StaffLiveNotices } from './staff-live-notices';

/**
 * Header with the shop's name, the way back to the storefront, the order sounds switch and Sign out,
 * the live order notice, the section nav, and the screen. On a phone (a rider's) every control is
 * a finger's 44 px tall.
 */
export function AdminLayout({ email, role }: { email: string; role: BackOfficeRole }) {
  // A shop tablet is shared: the merchant must be able to leave from here.
  const signOut = useSignOut();
  // A rider works from their own stops; the order notices are for the owner and staff.
  const hearsOrders = role !== 'rider';
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-bold text-brand-800">
            {SHOP_NAME} <span className="font-normal text-slate-600">· Back office</span>
          </p>
          <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="min-w-0 break-all text-slate-600">{email}</span>
            {hearsOrders && <OrderSoundToggle />}
            <Link to="/" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline max-sm:min-h-11">
              <Store aria-hidden="true" className="h-4 w-4" /> View shop
            </Link>
            <button
              type="button"
              onClick={() => void signOut()}
              className="inline-flex items-center gap-1 font-semibold text-slate-700 hover:underline max-sm:min-h-11"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
            </button>
          </div>
          {hearsOrders && <StaffLiveNotices />}
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row">
        <aside className="lg:w-52 lg:shrink-0">
          <AdminNav role={role} />
        </aside>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1">
          <Suspense fallback={<LoadingRows label="Loading screen" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
