import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A grey pulsing block that holds the space of content still loading (no layout shift). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('skeleton', className)} {...props} />;
}
