import { Trans } from '../../../i18n/trans';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { useOrdersText, type SayOrders } from '@/web/i18n/orders-text';
import type { OrderSummary } from '../order-api';

/** A payment attempt's status, as the customer reads it. */
const ATTEMPT_LABEL = {
  PENDING: 'attempt_PENDING',
  COMPLETED: 'attempt_COMPLETED',
  FAILED: 'attempt_FAILED',
  REVERSED: 'attempt_REVERSED',
} as const;
const attemptText = (status: string, say: SayOrders) =>
  status in ATTEMPT_LABEL ? say(ATTEMPT_LABEL[status as keyof typeof ATTEMPT_LABEL]) : status;

/**
 * The payment attempts of an order paid again: each is part of this order, not an order of its own.
 * Shown only when there was more than one.
 */
export function PaymentAttempts({ order }: { order: OrderSummary }) {
  const t = useOrdersText();
  const attempts = order.paymentAttempts;
  if (attempts.length < 2) return null;
  return (
    <details className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="payment-attempts">
      <summary className="cursor-pointer font-medium">{t('paymentAttempts', { count: attempts.length })}</summary>
      <ol className="mt-2 space-y-1">
        {attempts.map((a, i) => (
          <li key={a.merchantReference} className="flex flex-wrap justify-between gap-2">
            <span>
              <Trans
                id={t.id('attempt')}
                values={{ number: i + 1, time: formatNairobiDateTime(a.at) }}
                components={{ 0: <time dateTime={a.at} /> }}
              />
            </span>
            <span className="font-medium">{attemptText(a.status, t)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
