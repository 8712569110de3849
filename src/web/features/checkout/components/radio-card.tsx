// One choice of checkout's radio groups (delivery or pick-up, how to pay): a native radio (the arrow
// keys move between choices) in a whole 44 px row to tap, with an icon, its name and a hint.
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/web/lib/cn';

export interface RadioCardProps {
  name: string;
  value: string;
  checked: boolean;
  onSelect(): void;
  Icon: LucideIcon;
  label: string;
  hint: string;
  /** Not available now; `describedBy` says why. */
  disabled?: boolean;
  describedBy?: string | undefined;
}

export function RadioCard({ name, value, checked, onSelect, Icon, label, hint, disabled = false, describedBy }: RadioCardProps) {
  return (
    <label
      className={cn(
        'flex min-h-11 items-center gap-3 rounded-lg border p-3 focus-within:ring-2 focus-within:ring-brand-600',
        disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50' : 'cursor-pointer',
        !disabled && (checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300'),
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={onSelect}
        className="h-5 w-5 shrink-0 accent-brand-700"
      />
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
