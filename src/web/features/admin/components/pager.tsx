import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/**
 * 'Showing 21–40 of 93' with previous and next; hidden when everything fits on one page. A list too
 * long to count row by row (estimated) says 'of about 52,000'.
 */
export function Pager({
  page,
  pageCount,
  total,
  pageSize,
  onPage,
  label = 'Pages',
  estimated = false,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPage(page: number): void;
  label?: string;
  estimated?: boolean;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const about = (n: number) => (estimated ? `about ${n.toLocaleString('en-KE')}` : String(n));
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>
        Showing {first}–{last} of {about(total)}
      </p>
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
          </Button>
          <span aria-current="page">
            Page {page} of {about(pageCount)}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}
