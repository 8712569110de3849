// Labelled form controls with their error text linked for screen readers (aria-describedby).
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Input, Textarea, type TextareaProps } from '@/web/components/ui/input';
import { FieldError, Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldFrame({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export const TextInput = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function TextInput(
  { id, label, error, hint, ...props },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...props} />
    </FieldFrame>
  );
});

export const TextArea = forwardRef<HTMLTextAreaElement, FieldProps & TextareaProps>(function TextArea(
  { id, label, error, hint, ...props },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Textarea ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...props} />
    </FieldFrame>
  );
});

const SELECT_CLASSES =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

export const SelectInput = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(function SelectInput(
  { id, label, error, hint, className, children, ...props },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(SELECT_CLASSES, className)}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
});

export const CheckboxField = forwardRef<
  HTMLInputElement,
  { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>
>(function CheckboxField({ id, label, hint, ...props }, ref) {
  return (
    <div className="flex items-start gap-2">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...props}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
});
