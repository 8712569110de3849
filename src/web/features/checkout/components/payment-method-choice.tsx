// How the customer pays, when the shop has M-Pesa Express: 'M-Pesa (prompt on your phone)' with the
// number that pays (the contact phone until she changes it), or 'Card or other (Pesapal)'. M-Pesa
// moves whole shillings: for a total with cents its choice is unavailable and says why.
import { CreditCard, Smartphone } from 'lucide-react';
import { MPESA_MESSAGES } from '@/domain/mpesa-express';
import { TextField } from '@/web/components/ui/text-field';
import { cn } from '@/web/lib/cn';

export type PaymentMethod = 'mpesa' | 'pesapal';

const CHOICES = [
  { value: 'mpesa', label: 'M-Pesa (prompt on your phone)', hint: 'Enter your M-Pesa PIN on your phone', Icon: Smartphone },
  { value: 'pesapal', label: 'Card or other (Pesapal)', hint: 'Card, M-Pesa or Airtel Money on Pesapal’s secure page', Icon: CreditCard },
] as const;

export interface PaymentMethodChoiceProps {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
  /** The total can go to M-Pesa (whole shillings). */
  mpesaPossible: boolean;
  mpesaPhone: string;
  onMpesaPhoneChange(phone: string): void;
  mpesaPhoneError?: string | undefined;
}

export function PaymentMethodChoice({
  value,
  onChange,
  mpesaPossible,
  mpesaPhone,
  onMpesaPhoneChange,
  mpesaPhoneError,
}: PaymentMethodChoiceProps) {
  return (
    <fieldset className="space-y-2" data-testid="payment-method">
      <legend className="mb-1 text-lg font-semibold">How do you want to pay?</legend>
      {CHOICES.map(({ value: choice, label, hint, Icon }) => {
        const unavailable = choice === 'mpesa' && !mpesaPossible;
        return (
          <label
            key={choice}
            className={cn(
              'flex min-h-11 items-center gap-3 rounded-lg border p-3 focus-within:ring-2 focus-within:ring-brand-600',
              unavailable ? 'cursor-not-allowed border-slate-200 bg-slate-50' : 'cursor-pointer',
              value === choice && !unavailable ? 'border-brand-700 bg-brand-50' : !unavailable && 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name="payment-method"
              value={choice}
              checked={value === choice}
              disabled={unavailable}
              aria-describedby={unavailable ? 'mpesa-unavailable' : undefined}
              onChange={() => onChange(choice)}
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{label}</span>
              <span className="block text-sm text-slate-600">{hint}</span>
            </span>
          </label>
        );
      })}
      {!mpesaPossible && (
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
