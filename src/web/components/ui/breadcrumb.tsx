import { ChevronRight } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from './link';

export type Crumb = { to: string; label: string };

/** Where a page sits: links to the pages above it, then the page's own name (not a link). */
export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {trail.map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link to={crumb.to} className="tap hover:underline">
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="h-4 w-4" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="font-medium text-slate-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}
