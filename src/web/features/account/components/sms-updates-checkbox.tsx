import { forwardRef, type InputHTMLAttributes } from 'react';

const SMS_UPDATES_LABEL = 'Send me SMS updates';
const SMS_UPDATES_HINT = 'A text when your payment is received, when your order is on its way, and if it is cancelled. Never advertising.';

const CART_REMINDERS_LABEL = 'Remind me of a cart I leave';
const CART_REMINDERS_HOURS_HINT = 'One SMS when your cart has waited a few hours without an order. Each one says how to stop them.';

type ChoiceProps = { id: string; label?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/** The customer's 'Send me SMS updates' choice (profile and checkout); with a label and hint, another SMS choice. */
export const SmsUpdatesCheckbox = forwardRef<HTMLInputElement, ChoiceProps>(function SmsUpdatesCheckbox(
  { id, label = SMS_UPDATES_LABEL, hint = SMS_UPDATES_HINT, ...props },
  ref,
) {
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
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
});

/** 'Remind me of a cart I leave' (the profile page): off until the customer turns it on. */
export const CartRemindersCheckbox = forwardRef<HTMLInputElement, { id: string } & InputHTMLAttributes<HTMLInputElement>>(
  function CartRemindersCheckbox(props, ref) {
    return <SmsUpdatesCheckbox ref={ref} label={CART_REMINDERS_LABEL} hint={CART_REMINDERS_HOURS_HINT} {...props} />;
  },
);
