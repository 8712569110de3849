// /admin/audit: who did what and when, filtered by user, action, table and Nairobi dates.
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/ui/link';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { adminApi, type AuditEntryView } from '../admin-api';
import { auditDetailsText } from './audit-details';
import { DataTable, type Column } from '../components/data-table';
import { DateRangeFilter, FilterBar, FilterSelect, type FilterOption } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useAdminList } from '../hooks/use-admin-list';

const KEYS = ['userId', 'action', 'table', 'reads', 'from', 'to'] as const;

/** Where a logged record can be opened in the back office. */
const RECORD_PAGES: Record<string, string> = {
  orders: '/admin/orders/',
  products: '/admin/products/',
  profiles: '/admin/customers/',
  blog_posts: '/admin/posts/',
  page_content: '/admin/pages/',
};

function RecordCell({ e }: { e: AuditEntryView }) {
  const base = RECORD_PAGES[e.tableName];
  return (
    <>
      <span className="block">{e.tableName}</span>
      {e.recordId &&
        (base ? (
          <Link to={`${base}${e.recordId}`} className="block break-all font-mono text-brand-700 underline">
            {e.recordId.slice(0, 8)}
          </Link>
        ) : (
          <span className="block break-all font-mono text-slate-600">{e.recordId}</span>
        ))}
    </>
  );
}

const COLUMNS: Column<AuditEntryView>[] = [
  { header: 'When', className: 'whitespace-nowrap align-top', cell: (e) => formatNairobiDateTime(e.createdAt) },
  { header: 'Who', className: 'align-top', cell: (e) => e.userEmail ?? e.userId ?? 'System' },
  { header: 'Action', className: 'align-top font-mono text-xs', cell: (e) => e.action },
  {
    header: 'Record',
    className: 'align-top text-xs',
    cell: (e) => <RecordCell e={e} />,
  },
  { header: 'Details', className: 'max-w-md break-words align-top text-xs text-slate-700', cell: (e) => auditDetailsText(e.details) },
];

const anyOf = (options: FilterOption[]): FilterOption[] => [['', 'Any'], ...options];

export default function AuditPage() {
  const { values, setFilters, setPage, query, filtered } = useAdminList('audit', KEYS, adminApi.audit);
  const facets = useQuery({ queryKey: ['admin', 'audit-facets'], queryFn: adminApi.auditFacets });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office, and sensitive reads elsewhere, newest first. Customers' views of their own payments are hidden unless shown."
      />
      <FilterBar>
        <FilterSelect
          id="audit-user"
          label="User"
          value={values.userId}
          onChange={(userId) => setFilters({ userId })}
          options={anyOf((facets.data?.users ?? []).map((u) => [u.id, u.email ?? u.id]))}
        />
        <FilterSelect
          id="audit-action"
          label="Action"
          value={values.action}
          onChange={(action) => setFilters({ action })}
          options={anyOf((facets.data?.actions ?? []).map((a) => [a, a]))}
        />
        <FilterSelect
          id="audit-table"
          label="Table"
          value={values.table}
          onChange={(table) => setFilters({ table })}
          options={anyOf((facets.data?.tables ?? []).map((t) => [t, t]))}
        />
        <FilterSelect
          id="audit-reads"
          label="Customers' payment views"
          value={values.reads}
          onChange={(reads) => setFilters({ reads })}
          options={[
            ['', 'Hidden'],
            ['show', 'Shown'],
          ]}
        />
        <DateRangeFilter idPrefix="audit" from={values.from} to={values.to} onChange={setFilters} />
      </FilterBar>
      <ListState
        query={query}
        what="the audit log"
        onPage={setPage}
        pagerLabel="Audit log pages"
        empty={<EmptyState title={filtered ? 'Nothing matches these filters' : 'Nothing has been logged yet'} />}
      >
        {(items) => <DataTable label="Audit log entries" caption="Audit log" columns={COLUMNS} rows={items} rowKey={(e) => e.id} />}
      </ListState>
    </>
  );
}
