import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  neutral: 'bg-slate-100 text-slate-800',
  brand: 'bg-brand-50 text-brand-800',
  success: 'bg-green-100 text-green-800',
  info: 'bg-blue-100 text-blue-800',
  danger: 'bg-red-100 text-red-800',
  warning: 'bg-amber-100 text-amber-900',
} as const;

export type BadgeTone = keyof typeof TONES;

// A short label on one line: squeezed, it must not break into two (the header's '1 Pending').
export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone], className)}
      {...props}
    />
  );
}
