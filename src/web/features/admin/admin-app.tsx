// The back office at /admin/*: its own layout (no storefront header or footer) and its screens,
// from the table in admin-screens.tsx.
import { useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Link } from '../../components/ui/link';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { buttonClasses } from '../../components/ui/button-classes';
import { useDocumentMeta } from '../../lib/document-title';
import { useSession } from '../account/use-session';
import { isBackOfficeRole, type BackOfficeRole } from '@/domain/staff-roles';
import { chunksFor, screensFor } from './admin-screens';
import { AdminLayout } from './components/admin-layout';
import { PageHeader } from './components/page-header';

function NoAccess() {
  useDocumentMeta('Back office');
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">You do not have access to the back office</h1>
      <p className="mt-3 text-slate-700">
        The back office is for the shop's administrators. If you should have access, ask an administrator to make your account an admin.
      </p>
      <Link to="/" className={buttonClasses('default', 'default', 'mt-6')}>
        Back to the shop
      </Link>
    </main>
  );
}

function AdminNotFound() {
  return (
    <PageHeader
      title="Page Not Found"
      description={
        <Link to="/admin" className="font-semibold text-brand-700 hover:underline">
          Back to the dashboard
        </Link>
      }
    />
  );
}

export function AdminApp() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!data?.user) return <Navigate to="/auth" replace state={{ from: location }} />;
  const role = data.profile?.role;
  if (!isBackOfficeRole(role)) return <NoAccess />;
  return <AdminRoutes email={data.user.email} role={role} />;
}

function AdminRoutes({ email, role }: { email: string; role: BackOfficeRole }) {
  useEffect(() => {
    for (const page of chunksFor(role)) page.preload().catch(() => undefined);
  }, [role]);
  // Route objects rather than <Routes>/<Route>: react-router is one module, in the first download,
  // and the elements' form would bring its createRoutesFromChildren there for this screen alone.
  const screens: RouteObject[] = [
    // A rider's back office is their own stops.
    ...(role === 'rider' ? [{ index: true, element: <Navigate to="/admin/rider" replace /> }] : []),
    ...screensFor(role).map(({ path, element }): RouteObject => (path ? { path, element } : { index: true, element })),
    { path: '*', element: <AdminNotFound /> },
  ];
  return useRoutes([{ element: <AdminLayout email={email} role={role} />, children: screens }]);
}
