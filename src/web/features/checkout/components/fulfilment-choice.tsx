// 'Delivery' or 'Pick up at the shop', shown when the shop offers collection: two radio rows
// (radio-card.tsx), stacked so they fit 360 px.
import { Store, Truck } from 'lucide-react';
import type { FulfilmentMethod } from '@/domain/order-status';
import { RadioCard } from './radio-card';

const CHOICES = [
  { value: 'delivery', label: 'Delivery', hint: 'Brought to your address by our rider', Icon: Truck },
  { value: 'pickup', label: 'Pick up at the shop', hint: 'No delivery fee', Icon: Store },
] as const;

export function FulfilmentChoice({ value, onChange }: { value: FulfilmentMethod; onChange(method: FulfilmentMethod): void }) {
  return (
    <fieldset className="space-y-2" data-testid="fulfilment-choice">
      <legend className="mb-1 text-lg font-semibold">How do you want your order?</legend>
      {CHOICES.map(({ value: choice, label, hint, Icon }) => (
        <RadioCard
          key={choice}
          name="fulfilment"
          value={choice}
          checked={value === choice}
          onSelect={() => onChange(choice)}
          Icon={Icon}
          label={label}
          hint={hint}
        />
      ))}
    </fieldset>
  );
}
