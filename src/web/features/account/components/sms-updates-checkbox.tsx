import { forwardRef, type InputHTMLAttributes } from 'react';
import { useAccountText } from '@/web/i18n/account-text';

type ChoiceProps = { id: string; label?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/** The customer's 'Send me SMS updates' choice (profile and checkout); with a label and hint, another SMS choice. */
export const SmsUpdatesCheckbox = forwardRef<HTMLInputElement, ChoiceProps>(function SmsUpdatesCheckbox(
  { id, label, hint, ...props },
  ref,
) {
  const t = useAccountText();
  return (
    <div className="flex items-start gap-2">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
        aria-describedby={`${id}-hint`}
        {...props}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label ?? t('smsUpdatesLabel')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint ?? t('smsUpdatesHint')}
        </p>
      </div>
    </div>
  );
});

/** 'Remind me of a cart I leave' (the profile page): off until the customer turns it on. */
export const CartRemindersCheckbox = forwardRef<HTMLInputElement, { id: string } & InputHTMLAttributes<HTMLInputElement>>(
  function CartRemindersCheckbox(props, ref) {
    const t = useAccountText();
    return <SmsUpdatesCheckbox ref={ref} label={t('cartRemindersLabel')} hint={t('cartRemindersHint')} {...props} />;
  },
);
