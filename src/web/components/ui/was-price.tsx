// A 'was' price struck through; a screen reader reads 'Was KES 1,500.00' instead of the bare amount.
import { formatKES, type Cents } from '@/domain/money';
import { wasPriceLabel } from '@/domain/was-price';
import { cn } from '../../lib/cn';

export function WasPrice({ cents, className }: { cents: Cents; className?: string }) {
  return (
    <p className={cn('text-sm text-slate-600', className)} data-testid="was-price">
      <span className="sr-only">{wasPriceLabel(cents)}</span>
      <s aria-hidden="true">{formatKES(cents)}</s>
    </p>
  );
}
