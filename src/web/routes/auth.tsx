import { Navigate, useLocation } from 'react-router';
import { DEFAULT_RETURN_PATH } from '@/domain/return-path';
import { isBackOfficeRole } from '@/domain/staff-roles';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { AuthScreen } from '../features/account/components/auth-screen';
import { returnPathFrom } from '../features/account/return-path';
import { useSession } from '../features/account/use-session';
import { useDocumentMeta } from '../lib/document-title';
import { useAccountText } from '../i18n/account-text';

// /auth: Sign In and Sign Up tabs plus Google. Signed in (already, or just now) → the protected page
// RequireAuth sent the visitor from, else /shop (the back office for the shop's people); a verification link (?verify=) is shown either way.
export default function AuthPage() {
  const t = useAccountText();
  useDocumentMeta(t('pageTitle'));
  const { data, isPending } = useSession();
  const location = useLocation();
  const returnTo = returnPathFrom(location.state);
  // A mailed verification link works signed in too: a phone-only account confirms the email it added.
  const verifying = new URLSearchParams(location.search).has('verify');
  if (isPending) return <PageSkeleton />;
  if (data?.user && !verifying) {
    // One of the shop's people who came to sign in (a reset password, the rider's SMS link) goes to
    // the back office, which opens their own screen; anyone sent here from a page goes back to it.
    const to = returnTo === DEFAULT_RETURN_PATH && isBackOfficeRole(data.profile?.role) ? '/admin' : returnTo;
    return <Navigate to={to} replace />;
  }
  return <AuthScreen googleEnabled={data?.googleEnabled ?? false} phoneSignIn={data?.phoneSignIn ?? false} returnTo={returnTo} />;
}
