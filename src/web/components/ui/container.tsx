import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** The shop's one centred column: the header, the footer and every storefront page line up on it. */
export const CONTAINER = 'mx-auto w-full max-w-6xl px-4';

/**
 * A page's (or a full-width band's) content column. Narrower content (an article, a form) sits
 * inside it, so its left edge still lines up with the logo.
 */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-container="" className={cn(CONTAINER, className)} {...props} />;
}
