import { Info } from 'lucide-react';
import { isCancelledForCustomer } from '@/domain/order-status';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderSummary } from '../order-api';
import { cancelReasonText, orderMoneyNotes } from '../order-money-notes';

/**
 * In place of the delivery steps of a cancelled order: why it was cancelled and what happened to
 * the money. For other orders, only refunds (a second payment given back), when there are any.
 */
export function OrderOutcome({ order }: { order: OrderSummary }) {
  const t = useOrdersText();
  const cancelled = isCancelledForCustomer(order.status);
  const notes = orderMoneyNotes(order, t);
  if (!cancelled && notes.length === 0) return null;
  return (
    <div data-testid="order-outcome" className="flex gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" />
      <div className="space-y-1">
        {cancelled && (
          <p>
            <span className="font-semibold">{t('reason')} </span>
            {cancelReasonText(order.cancelledReason, t)}
          </p>
        )}
        {notes.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </div>
    </div>
  );
}
