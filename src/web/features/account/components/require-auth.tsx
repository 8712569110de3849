import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../use-session';
import { PageSkeleton } from '@/web/components/ui/page-skeleton';

/** The protected group: a skeleton while the session loads, else /auth remembering where we came from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!data?.user) return <Navigate to="/auth" replace state={{ from: location }} />;
  return <>{children}</>;
}
