import { Check } from 'lucide-react';
import { FULFILMENT_LABELS, isFulfilmentStatus } from '@/domain/order-status';
import { cn } from '@/web/lib/cn';

const STEPS = ['processing', 'out_for_delivery', 'delivered'] as const;

/** Where a paid order is on its way: Processing → Out for delivery → Delivered (hidden before it starts). */
export function FulfilmentSteps({ status }: { status: string }) {
  if (!isFulfilmentStatus(status) || status === 'unfulfilled') return null;
  const current = STEPS.indexOf(status);
  return (
    <ol aria-label="Delivery progress" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {STEPS.map((step, i) => {
        const done = i <= current;
        return (
          <li key={step} aria-current={i === current ? 'step' : undefined} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true" className={cn('h-px w-6', done ? 'bg-brand-700' : 'bg-slate-300')} />}
            <span className={cn('inline-flex items-center gap-1', done ? 'font-semibold text-brand-800' : 'text-slate-600')}>
              {done && <Check aria-hidden="true" className="h-4 w-4" />}
              {FULFILMENT_LABELS[step]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
