import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldError, Label } from './label';
import { Input } from './input';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  /** Marks the field invalid without its own message (the form shows one message for all). */
  invalid?: boolean;
}

/** A labelled input with its error text linked through aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ id, label, error, invalid, ...props }, ref) {
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
});
