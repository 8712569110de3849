import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const FIELD =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:opacity-60 ' +
  'aria-[invalid=true]:border-red-700';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(FIELD, 'h-10 text-base max-sm:h-11', className)} {...props} />;
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** 'code': HTML or other markup, in a smaller monospaced type. */
  variant?: 'text' | 'code';
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, variant = 'text', ...props }, ref) {
  // A field given a number of rows takes its height from them, so a caller's min-h-* never clashes.
  const type = variant === 'code' ? 'font-mono text-sm' : 'text-base';
  return <textarea ref={ref} className={cn(FIELD, type, 'py-2', props.rows === undefined && 'min-h-28', className)} {...props} />;
});
