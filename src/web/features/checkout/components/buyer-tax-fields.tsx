// Checkout's optional business tax invoice: the customer's KRA PIN and business name, prefilled from
// the profile (and remembered there). Folded away unless the customer has a PIN already.
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import { TextField } from '@/web/components/ui/text-field';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import type { CheckoutErrors } from '../checkout-fields';

export interface BuyerTaxFieldsProps {
  value: BuyerTaxDetails;
  errors: CheckoutErrors;
  onChange(field: keyof BuyerTaxDetails, value: string): void;
  /** Shown unfolded (the customer has a PIN on the profile, or a field has an error). */
  open: boolean;
}

export function BuyerTaxFields({ value, errors, onChange, open }: BuyerTaxFieldsProps) {
  const t = useCheckoutText();
  return (
    <details open={open || Boolean(errors.kraPin || errors.businessName) || undefined} className="group">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline">{t('taxInvoiceSummary')}</summary>
      <div className="mt-3 space-y-4">
        <TextField
          id="checkout-kra-pin"
          label={t('kraPinLabel')}
          autoComplete="off"
          placeholder="P051234567X"
          hint={t('kraPinHint')}
          value={value.kraPin}
          error={errors.kraPin}
          onChange={(e) => onChange('kraPin', e.currentTarget.value)}
        />
        <TextField
          id="checkout-business-name"
          label={t('businessNameLabel')}
          autoComplete="organization"
          value={value.businessName}
          error={errors.businessName}
          onChange={(e) => onChange('businessName', e.currentTarget.value)}
        />
      </div>
    </details>
  );
}
