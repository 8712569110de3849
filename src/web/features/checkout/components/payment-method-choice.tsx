// How the customer pays, when there is a choice: 'M-Pesa (prompt on your phone)' (when the shop has
// M-Pesa Express) with the number that pays (the contact phone until she changes it), 'Card or other
// (Pesapal)', and 'Pay on delivery' where her zone offers it. M-Pesa moves whole shillings: for a
// total with cents its choice is unavailable and says why.
import { CreditCard, HandCoins, Smartphone } from 'lucide-react';
import { MPESA_MESSAGES } from '@/domain/mpesa-express';
import { PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import { TextField } from '@/web/components/ui/text-field';
import { RadioCard } from './radio-card';

export type PaymentMethod = 'mpesa' | 'pesapal' | 'on_delivery';

const CHOICES = [
  { value: 'mpesa', label: 'M-Pesa (prompt on your phone)', hint: 'Enter your M-Pesa PIN on your phone', Icon: Smartphone },
  { value: 'pesapal', label: 'Card or other (Pesapal)', hint: 'Card, M-Pesa or Airtel Money on Pesapal’s secure page', Icon: CreditCard },
  { value: 'on_delivery', label: PAY_ON_DELIVERY_MESSAGES.label, hint: 'Nothing to pay now', Icon: HandCoins },
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
  return (
    <fieldset className="space-y-2" data-testid="payment-method">
      <legend className="mb-1 text-lg font-semibold">How do you want to pay?</legend>
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
              label={label}
              hint={hint}
              disabled={unavailable}
              describedBy={unavailable ? 'mpesa-unavailable' : undefined}
            />
          );
        },
      )}
      {mpesaOffered && !mpesaPossible && (
        <p id="mpesa-unavailable" className="text-sm text-slate-700">
          {MPESA_MESSAGES.notWholeShillings}
        </p>
      )}
      {value === 'mpesa' && mpesaPossible && (
        <TextField
          id="checkout-mpesa-phone"
          label="M-Pesa number"
          type="tel"
          autoComplete="tel"
          required
          hint="The prompt goes to this phone."
          value={mpesaPhone}
          error={mpesaPhoneError}
          onChange={(e) => onMpesaPhoneChange(e.currentTarget.value)}
        />
      )}
    </fieldset>
  );
}
