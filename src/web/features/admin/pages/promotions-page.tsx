// /admin/promotions: every promotion, active ones first: its code (or 'Automatic'), what it gives,
// its window in Nairobi time, its uses against its limit, and whether it is active.
import { Link } from '../../../components/ui/link';
import { Plus } from 'lucide-react';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { WEEKDAY_LABELS } from '@/domain/promotion-forms';
import { Badge } from '@/web/components/ui/badge';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { adminApi, type AdminPromotion } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useAdminList } from '../hooks/use-admin-list';

/** 'From 4 Dec 2026, 08:00 to 31 Dec 2026, 23:59 · Fridays'; 'Always' for an open one. */
function promotionWindowText(p: Pick<AdminPromotion, 'startsAt' | 'endsAt' | 'weekdays'>): string {
  const parts = [
    p.startsAt && `From ${formatNairobiDateTime(p.startsAt)}`,
    p.endsAt && `${p.startsAt ? 'to' : 'Until'} ${formatNairobiDateTime(p.endsAt)}`,
  ].filter(Boolean);
  const days = p.weekdays.map((d) => `${WEEKDAY_LABELS[d] ?? ''}s`).join(', ');
  const when = parts.join(' ');
  if (!when && !days) return 'Always';
  return [when, days].filter(Boolean).join(' · ');
}

const COLUMNS: Column<AdminPromotion>[] = [
  {
    header: 'Code',
    cell: (p) => (
      <Link to={`/admin/promotions/${p.id}`} className="font-medium text-brand-700 hover:underline">
        {p.code ?? 'Automatic'}
      </Link>
    ),
  },
  { header: 'Name', cell: (p) => p.name },
  {
    header: 'Gives',
    cell: (p) => (
      <>
        {p.gives}
        {p.minimumSpendCents > 0 && <span className="block text-xs text-slate-600">From {formatKES(p.minimumSpendCents)}</span>}
        {p.firstOrderOnly && <span className="block text-xs text-slate-600">First order only</span>}
      </>
    ),
  },
  { header: 'When', cell: (p) => promotionWindowText(p) },
  { header: 'Uses', className: 'text-right tabular-nums', cell: (p) => `${p.uses} / ${p.totalLimit ?? '∞'}` },
  { header: 'State', cell: (p) => (p.active ? <Badge tone="success">Active</Badge> : <Badge>Deactivated</Badge>) },
];

const KEYS = [] as const;

export default function PromotionsPage() {
  const { setPage, query } = useAdminList('promotions', KEYS, adminApi.promotions);
  return (
    <>
      <PageHeader
        title="Promotions"
        description="Codes customers type at the cart or checkout, and automatic offers. One promotion per order."
        actions={
          <Link to="/admin/promotions/new" className={buttonClasses()}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New promotion
          </Link>
        }
      />
      <ListState
        query={query}
        what="the promotions"
        onPage={setPage}
        pagerLabel="Promotion pages"
        empty={
          <EmptyState title="No promotions yet">
            <Link to="/admin/promotions/new" className="text-brand-700 underline">
              Create the first promotion
            </Link>
          </EmptyState>
        }
      >
        {(items) => <DataTable label="Promotion list" caption="Promotions" columns={COLUMNS} rows={items} rowKey={(p) => p.id} />}
      </ListState>
    </>
  );
}
