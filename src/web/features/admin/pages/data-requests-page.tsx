// /admin/data-requests: the owner's log of customers' data requests under the Data Protection Act:
// each download of her data and each deletion, newest first, with the account (and her name while
// the account exists) and when it was asked for and done.
import { useQuery } from '@tanstack/react-query';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { adminApi } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';

type DataRequest = Awaited<ReturnType<typeof adminApi.dataRequests>>['requests'][number];

const KIND_LABELS: Readonly<Record<DataRequest['kind'], string>> = { export: 'Data download', deletion: 'Deletion' };

const COLUMNS: Column<DataRequest>[] = [
  { header: 'Request', cell: (r) => KIND_LABELS[r.kind] },
  {
    header: 'Customer',
    cell: (r) => (
      <>
        <span className="block font-medium text-slate-900">
          {r.customerName === null ? 'Account deleted' : r.customerName || 'No name given'}
        </span>
        <span className="block break-all font-mono text-xs text-slate-600">{r.userId}</span>
      </>
    ),
  },
  { header: 'Requested', className: 'whitespace-nowrap', cell: (r) => formatNairobiDateTime(r.requestedAt) },
  { header: 'Completed', className: 'whitespace-nowrap', cell: (r) => (r.completedAt ? formatNairobiDateTime(r.completedAt) : 'Not yet') },
];

export default function DataRequestsPage() {
  const query = useQuery({ queryKey: ['admin', 'data-requests'], queryFn: adminApi.dataRequests });
  return (
    <>
      <PageHeader
        title="Data requests"
        description="Each time a customer downloaded her data or had her account deleted, newest first (the last 500)."
      />
      <QueryState query={query} what="the data requests">
        {({ requests }) =>
          requests.length === 0 ? (
            <EmptyState title="No data requests yet">Downloads and deletions customers ask for appear here.</EmptyState>
          ) : (
            <DataTable label="Data requests" caption="Data requests" columns={COLUMNS} rows={requests} rowKey={(r) => r.id} />
          )
        }
      </QueryState>
    </>
  );
}
