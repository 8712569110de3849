import { Navigate, useLocation } from 'react-router';
import { PageSkeleton } from '../components/layout/page-skeleton';
import { AuthScreen } from '../features/account/components/auth-screen';
import { returnPathFrom } from '../features/account/return-path';
import { useSession } from '../features/account/use-session';
import { useDocumentMeta } from '../lib/document-title';

// /auth: Sign In and Sign Up tabs plus Google. Signed in (already, or just now) → /shop or the
// protected page RequireAuth sent the visitor from; a verification link (?verify=) is shown either way.
export default function AuthPage() {
  useDocumentMeta('Sign In');
  const { data, isPending } = useSession();
  const location = useLocation();
  const returnTo = returnPathFrom(location.state);
  // A mailed verification link works signed in too: a phone-only account confirms the email it added.
  const verifying = new URLSearchParams(location.search).has('verify');
  if (isPending) return <PageSkeleton />;
  if (data?.user && !verifying) return <Navigate to={returnTo} replace />;
  return <AuthScreen googleEnabled={data?.googleEnabled ?? false} phoneSignIn={data?.phoneSignIn ?? false} returnTo={returnTo} />;
}
