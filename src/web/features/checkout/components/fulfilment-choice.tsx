// 'Delivery' or 'Pick up at the shop', shown when the shop offers collection: two radio rows
// (radio-card.tsx), stacked so they fit 360 px.
import { Store, Truck } from 'lucide-react';
import type { FulfilmentMethod } from '@/domain/order-status';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import { RadioCard } from './radio-card';

const CHOICES = [
  { value: 'delivery', label: 'delivery', hint: 'deliveryHint', Icon: Truck },
  { value: 'pickup', label: 'pickupLabel', hint: 'noDeliveryFee', Icon: Store },
] as const;

export function FulfilmentChoice({ value, onChange }: { value: FulfilmentMethod; onChange(method: FulfilmentMethod): void }) {
  const t = useCheckoutText();
  return (
    <fieldset className="space-y-2" data-testid="fulfilment-choice">
      <legend className="mb-1 text-lg font-semibold">{t('fulfilmentLegend')}</legend>
      {CHOICES.map(({ value: choice, label, hint, Icon }) => (
        <RadioCard
          key={choice}
          name="fulfilment"
          value={choice}
          checked={value === choice}
          onSelect={() => onChange(choice)}
          Icon={Icon}
          label={t(label)}
          hint={t(hint)}
        />
      ))}
    </fieldset>
  );
}
