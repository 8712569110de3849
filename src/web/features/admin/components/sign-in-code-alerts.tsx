import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/web/components/ui/alert';
import { adminApi } from '../admin-api';

/** On the dashboard while sign-in codes by SMS are held back by a ceiling (the shop's or one network's). */
export function SignInCodeAlerts() {
  const query = useQuery({ queryKey: ['admin', 'sign-in-code-alerts'], queryFn: adminApi.signInCodeAlerts, refetchInterval: 60_000 });
  const alerts = query.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <section aria-label="Sign-in codes by SMS" className="space-y-2">
      {alerts.map((a) => (
        <Alert key={`${a.scope}:${a.window}:${a.network ?? ''}`} tone="error">
          {a.message}
        </Alert>
      ))}
    </section>
  );
}
