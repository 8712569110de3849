// The 'Contact Information' card of checkout (prefilled from the profile), with the customer's
// 'Send me SMS updates' choice for this order and, folded, the KRA PIN for a business tax invoice.
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/web/components/ui/card';
import { TextField } from '@/web/components/ui/text-field';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import { SmsUpdatesCheckbox } from '../../account/components/sms-updates-checkbox';
import type { CheckoutErrors, Contact } from '../checkout-fields';

export interface ContactFieldsProps {
  value: Contact;
  errors: CheckoutErrors;
  onChange(field: keyof Contact, value: string): void;
  smsUpdates: boolean;
  onSmsUpdatesChange(on: boolean): void;
  /** An account made by phone without an email: the email is optional, and the field says what it is for. */
  emailOptional?: boolean;
  /** More fields at the card's end (the business tax invoice). */
  children?: ReactNode;
}

export function ContactFields({
  value,
  errors,
  onChange,
  smsUpdates,
  onSmsUpdatesChange,
  emailOptional = false,
  children,
}: ContactFieldsProps) {
  const t = useCheckoutText();
  return (
    <Card>
      <CardContent className="space-y-4">
        <h2 className="text-lg font-semibold">{t('contactInformation')}</h2>
        <TextField
          id="checkout-name"
          label={t('fullName')}
          autoComplete="name"
          required
          value={value.fullName}
          error={errors.fullName}
          onChange={(e) => onChange('fullName', e.currentTarget.value)}
        />
        <TextField
          id="checkout-email"
          label={emailOptional ? t('emailOptional') : t('email')}
          type="email"
          autoComplete="email"
          required={!emailOptional}
          value={value.email}
          hint={emailOptional ? t('emailHint') : undefined}
          error={errors.email}
          onChange={(e) => onChange('email', e.currentTarget.value)}
        />
        <TextField
          id="checkout-phone"
          label={t('phoneNumber')}
          type="tel"
          autoComplete="tel"
          required
          placeholder="+254 700 000 000"
          value={value.phone}
          error={errors.phone}
          onChange={(e) => onChange('phone', e.currentTarget.value)}
        />
        <SmsUpdatesCheckbox id="checkout-sms-updates" checked={smsUpdates} onChange={(e) => onSmsUpdatesChange(e.currentTarget.checked)} />
        {children}
      </CardContent>
    </Card>
  );
}
