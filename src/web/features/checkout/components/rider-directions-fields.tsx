// The optional 'where exactly' fields under the delivery address. maxLength stops typing at the
// limit; the server checks the same limits again.
import { Textarea } from '@/web/components/ui/input';
import { FieldError, Label } from '@/web/components/ui/label';
import { RIDER_DIRECTION_LIMITS, type RiderDirections } from '@/domain/rider-directions';
import { TextField } from '@/web/components/ui/text-field';
import { useCheckoutText } from '@/web/i18n/checkout-text';

export interface RiderDirectionsFieldsProps {
  value: RiderDirections;
  errors: Partial<Record<keyof RiderDirections, string>>;
  onChange(field: keyof RiderDirections, text: string): void;
}

export function RiderDirectionsFields({ value, errors, onChange }: RiderDirectionsFieldsProps) {
  const t = useCheckoutText();
  return (
    <>
      <TextField
        id="checkout-building"
        label={t('buildingOptional')}
        autoComplete="address-line2"
        maxLength={RIDER_DIRECTION_LIMITS.building}
        value={value.building}
        error={errors.building}
        onChange={(e) => onChange('building', e.currentTarget.value)}
      />
      <div>
        <Label htmlFor="checkout-directions">{t('directionsOptional')}</Label>
        <Textarea
          id="checkout-directions"
          rows={3}
          className="min-h-20"
          maxLength={RIDER_DIRECTION_LIMITS.directions}
          value={value.directions}
          aria-invalid={Boolean(errors.directions) || undefined}
          aria-describedby={errors.directions ? 'checkout-directions-error' : undefined}
          onChange={(e) => onChange('directions', e.currentTarget.value)}
        />
        <FieldError id="checkout-directions-error" message={errors.directions} />
      </div>
    </>
  );
}
