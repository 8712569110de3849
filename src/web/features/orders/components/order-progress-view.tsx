import { Check } from 'lucide-react';
import { orderProgress, progressSteps, type OrderProgressInput } from '@/domain/order-progress';
import { cn } from '@/web/lib/cn';
import { useOrdersText } from '@/web/i18n/orders-text';
import { ENDED_KEYS, stepText } from '../order-words';

/**
 * Where the order is: Paid → Being prepared → Out for delivery (Ready for pick-up) → Delivered (Collected) for a paid order, or how a
 * cancelled one ended (Cancelled, Refund requested, Refunded). Nothing before it is paid.
 */
export function OrderProgressView({ order }: { order: OrderProgressInput }) {
  const t = useOrdersText();
  const progress = orderProgress(order);
  if (!progress) return null;
  if (progress.kind === 'ended') {
    return (
      <p className="text-sm font-semibold text-slate-800" data-testid="order-progress">
        {t(ENDED_KEYS[progress.label])}
      </p>
    );
  }
  return (
    <ol aria-label={t('deliveryProgress')} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="order-progress">
      {progressSteps(order.fulfilmentMethod, order.status).map((step, i) => {
        const done = i <= progress.current;
        return (
          <li key={step} aria-current={i === progress.current ? 'step' : undefined} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true" className={cn('h-px w-6', done ? 'bg-brand-700' : 'bg-slate-300')} />}
            <span className={cn('inline-flex items-center gap-1', done ? 'font-semibold text-brand-800' : 'text-slate-600')}>
              {done && <Check aria-hidden="true" className="h-4 w-4" />}
              {stepText(step, t)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
