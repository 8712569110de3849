import { forwardRef } from 'react';
import { suggestNeighbourhoods, type NairobiNeighbourhood } from '@/domain/neighbourhoods';
import { Combobox } from '@/web/components/ui/combobox';
import { useAccountText } from '@/web/i18n/account-text';

export interface AddressComboboxProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  name?: string;
  error?: string;
  invalid?: boolean;
}

const asText = (n: NairobiNeighbourhood) => n;

/** Free-text address suggesting the fixed Nairobi neighbourhoods (sign-up on /auth) by case-insensitive substring. */
export const AddressCombobox = forwardRef<HTMLInputElement, AddressComboboxProps>(function AddressCombobox({ onChange, ...props }, ref) {
  const t = useAccountText();
  return (
    <Combobox
      ref={ref}
      {...props}
      onValueChange={onChange}
      options={suggestNeighbourhoods(props.value)}
      optionKey={asText}
      onSelect={onChange}
      listLabel={t('suggestedNeighbourhoods')}
    />
  );
});
