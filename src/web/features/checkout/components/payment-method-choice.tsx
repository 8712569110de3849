// How the customer pays, when there is a choice: 'M-Pesa (prompt on your phone)' (when the shop has
// M-Pesa Express) with the number that pays (the contact phone until she changes it), 'Card or other
// (Pesapal)', and 'Pay on delivery' where her zone offers it. M-Pesa moves whole shillings: for a
// total with cents its choice is unavailable and says why.
import { CreditCard, HandCoins, Smartphone } from 'lucide-react';
import { TextField } from '@/web/components/ui/text-field';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import { RadioCard } from './radio-card';

export type PaymentMethod = 'mpesa' | 'pesapal' | 'on_delivery';

const CHOICES = [
  { value: 'mpesa', label: 'mpesaLabel', hint: 'mpesaHint', Icon: Smartphone },
  { value: 'pesapal', label: 'pesapalLabel', hint: 'pesapalHint', Icon: CreditCard },
  { value: 'on_delivery', label: 'onDeliveryLabel', hint: 'onDeliveryHint', Icon: HandCoins },
] as const;

export interface PaymentMethodChoiceProps {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
  /** The shop has M-Pesa Express. */
  mpesaOffered?: boolean;
  /** The total can go to M-Pesa (whole shillings). */
  mpesaPossible: boolean;
  /** The customer's zone offers pay on delivery to her. */
  onDeliveryOffered?: boolean;
  mpesaPhone: string;
  onMpesaPhoneChange(phone: string): void;
  mpesaPhoneError?: string | undefined;
}

export function PaymentMethodChoice({
  value,
  onChange,
  mpesaOffered = true,
  mpesaPossible,
  onDeliveryOffered = false,
  mpesaPhone,
  onMpesaPhoneChange,
  mpesaPhoneError,
}: PaymentMethodChoiceProps) {
  const t = useCheckoutText();
  return (
    <fieldset className="space-y-2" data-testid="payment-method">
      <legend className="mb-1 text-lg font-semibold">{t('payLegend')}</legend>
      {CHOICES.filter((c) => (c.value !== 'mpesa' || mpesaOffered) && (c.value !== 'on_delivery' || onDeliveryOffered)).map(
        ({ value: choice, label, hint, Icon }) => {
          const unavailable = choice === 'mpesa' && !mpesaPossible;
          return (
            <RadioCard
              key={choice}
              name="payment-method"
              value={choice}
              checked={value === choice}
              onSelect={() => onChange(choice)}
              Icon={Icon}
              label={t(label)}
              hint={t(hint)}
              disabled={unavailable}
              describedBy={unavailable ? 'mpesa-unavailable' : undefined}
            />
          );
        },
      )}
      {mpesaOffered && !mpesaPossible && (
        <p id="mpesa-unavailable" className="text-sm text-slate-700">
          {t('mpesaNotWholeShillings')}
        </p>
      )}
      {value === 'mpesa' && mpesaPossible && (
        <TextField
          id="checkout-mpesa-phone"
          label={t('mpesaNumber')}
          type="tel"
          autoComplete="tel"
          required
          hint={t('mpesaNumberHint')}
          value={mpesaPhone}
          error={mpesaPhoneError}
          onChange={(e) => onMpesaPhoneChange(e.currentTarget.value)}
        />
      )}
    </fieldset>
  );
}
