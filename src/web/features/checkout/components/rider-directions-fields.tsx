// The optional 'where exactly' fields under the delivery address. maxLength stops typing at the
// limit; the server checks the same limits again.
import { Textarea } from '@/web/components/ui/input';
import { FieldError, Label } from '@/web/components/ui/label';
import { RIDER_DIRECTION_LABELS, RIDER_DIRECTION_LIMITS, type RiderDirections } from '@/domain/rider-directions';
import { TextField } from '@/web/components/ui/text-field';

export interface RiderDirectionsFieldsProps {
  value: RiderDirections;
  errors: Partial<Record<keyof RiderDirections, string>>;
  onChange(field: keyof RiderDirections, text: string): void;
}

export function RiderDirectionsFields({ value, errors, onChange }: RiderDirectionsFieldsProps) {
  return (
    <>
      <TextField
        id="checkout-building"
        label={`${RIDER_DIRECTION_LABELS.building} (optional)`}
        autoComplete="address-line2"
        maxLength={RIDER_DIRECTION_LIMITS.building}
        value={value.building}
        error={errors.building}
        onChange={(e) => onChange('building', e.currentTarget.value)}
      />
      <div>
        <Label htmlFor="checkout-directions">{`${RIDER_DIRECTION_LABELS.directions} (optional)`}</Label>
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
