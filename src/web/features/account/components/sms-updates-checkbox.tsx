import { forwardRef, type InputHTMLAttributes } from 'react';

const SMS_UPDATES_LABEL = 'Send me SMS updates';
const SMS_UPDATES_HINT = 'A text when your payment is received, when your order is on its way, and if it is cancelled. Never advertising.';

/** The customer's 'Send me SMS updates' choice (profile and checkout). */
export const SmsUpdatesCheckbox = forwardRef<HTMLInputElement, { id: string } & InputHTMLAttributes<HTMLInputElement>>(
  function SmsUpdatesCheckbox({ id, ...props }, ref) {
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
            {SMS_UPDATES_LABEL}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {SMS_UPDATES_HINT}
          </p>
        </div>
      </div>
    );
  },
);
