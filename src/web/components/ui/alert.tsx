import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  info: 'border-brand-100 bg-brand-50 text-brand-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
} as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: keyof typeof TONES;
  title?: ReactNode;
}

/** A boxed message; errors are announced (role=alert), other tones politely (role=status). */
export function Alert({ tone = 'info', title, className, children, ...props }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border p-4 text-sm', TONES[tone], className)} {...props}>
      {title && <p className="mb-1 font-semibold">{title}</p>}
      {children}
    </div>
  );
}
