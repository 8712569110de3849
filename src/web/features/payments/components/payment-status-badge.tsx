// The header's payment badges: 'Processing' for 3 s after a payment attempt starts, and
// '{n} Pending' for the customer's orders waiting on a PENDING payment (refetched on live events).
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { Badge } from '@/web/components/ui/badge';
import { useSession } from '../../account/use-session';
import { fetchPendingCount, orderKeys } from '../../orders/order-api';
import { usePaymentsText } from '../../../i18n/payments-text';
import { useProcessingBadge } from '../live-status-store';

export function PaymentStatusBadge() {
  const { data: session } = useSession();
  const signedIn = Boolean(session?.user);
  const processing = useProcessingBadge();
  const t = usePaymentsText();
  const { data } = useQuery({
    queryKey: orderKeys.pendingCount(),
    queryFn: fetchPendingCount,
    enabled: signedIn,
    staleTime: 30_000,
  });
  if (!signedIn) return null;
  const pending = data?.count ?? 0;
  return (
    <div className="flex items-center gap-1" aria-live="polite">
      {processing && (
        // The icon spins; the text never fades (a pulsing badge drops below 4.5:1 contrast mid-fade).
        <Badge tone="info" className="gap-1" data-testid="processing-badge">
          <LoaderCircle aria-hidden="true" className="h-3 w-3 motion-safe:animate-spin" />
          {/* On a phone the spinner alone: the word would push the header past the screen's edge. */}
          <span className="max-sm:sr-only">{t('processing')}</span>
        </Badge>
      )}
      {pending > 0 && (
        <Link
          to="/orders"
          title={t('ordersWaitingForPayment')}
          data-testid="pending-badge"
          className="tap rounded-full focus-visible:outline-offset-1"
        >
          <Badge tone="warning">{t('pendingCount', { count: pending })}</Badge>
        </Link>
      )}
    </div>
  );
}
