import { formatNairobiDateTime } from '@/domain/nairobi-days';
import type { OrderSummary } from '../order-api';

const ATTEMPT_LABEL: Record<string, string> = {
  PENDING: 'Waiting for Pesapal',
  COMPLETED: 'Paid',
  FAILED: 'Did not go through',
  REVERSED: 'Reversed',
};

/**
 * The payment attempts of an order paid again: each is part of this order, not an order of its own.
 * Shown only when there was more than one.
 */
export function PaymentAttempts({ order }: { order: OrderSummary }) {
  const attempts = order.paymentAttempts;
  if (attempts.length < 2) return null;
  return (
    <details className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="payment-attempts">
      <summary className="cursor-pointer font-medium">{attempts.length} payment attempts for this order</summary>
      <ol className="mt-2 space-y-1">
        {attempts.map((a, i) => (
          <li key={a.merchantReference} className="flex flex-wrap justify-between gap-2">
            <span>
              Attempt {i + 1}, <time dateTime={a.at}>{formatNairobiDateTime(a.at)}</time>
            </span>
            <span className="font-medium">{ATTEMPT_LABEL[a.status] ?? a.status}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
