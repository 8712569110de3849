// The button look, apart from the Button component: a link styled as a button (the home page's hero,
// the error page) needs only this, so the component's code stays out of the first download.
import { cn } from '../../lib/cn';

// Colours keep text contrast ≥ 4.5:1 (axe): white on brand-700, brand-800 on white.
const VARIANTS = {
  default: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-800 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  accent: 'bg-accent-400 text-slate-900 hover:bg-accent-500',
  link: 'text-brand-700 underline-offset-4 hover:underline',
  /** An outline button on a dark picture or colour (the home page's hero). */
  onDark: 'border border-white bg-transparent text-white hover:bg-white/10',
} as const;

// On a phone every size is a finger's 44 px at least (WCAG 2.5.5).
const SIZES = {
  sm: 'h-9 px-3 text-sm max-sm:h-11',
  default: 'h-10 px-4 text-sm max-sm:h-11',
  /** As tall as a finger's 44 px on every screen (the product page's Add to Cart). */
  tall: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 max-sm:h-11 max-sm:w-11',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The button look for other elements, e.g. a router Link: <Link className={buttonClasses()} />. */
export function buttonClasses(variant: ButtonVariant = 'default', size: ButtonSize = 'default', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}
