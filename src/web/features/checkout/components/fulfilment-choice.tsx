// 'Delivery' or 'Pick up at the shop', shown when the shop offers collection: two native radios (the
// arrow keys choose between them), each a whole 44 px row to tap, stacked so they fit 360 px.
import { Store, Truck } from 'lucide-react';
import type { FulfilmentMethod } from '@/domain/order-status';
import { cn } from '@/web/lib/cn';

const CHOICES = [
  { value: 'delivery', label: 'Delivery', hint: 'Brought to your address by our rider', Icon: Truck },
  { value: 'pickup', label: 'Pick up at the shop', hint: 'No delivery fee', Icon: Store },
] as const;

export function FulfilmentChoice({ value, onChange }: { value: FulfilmentMethod; onChange(method: FulfilmentMethod): void }) {
  return (
    <fieldset className="space-y-2" data-testid="fulfilment-choice">
      <legend className="mb-1 text-lg font-semibold">How do you want your order?</legend>
      {CHOICES.map(({ value: choice, label, hint, Icon }) => (
        <label
          key={choice}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-3 focus-within:ring-2 focus-within:ring-brand-600',
            value === choice ? 'border-brand-700 bg-brand-50' : 'border-slate-300',
          )}
        >
          <input
            type="radio"
            name="fulfilment"
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
            className="h-5 w-5 shrink-0 accent-brand-700"
          />
          <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{label}</span>
            <span className="block text-sm text-slate-600">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
