// /admin/orders: every order, newest first, with search and filters kept in the URL.
import { Link } from '../../../components/ui/link';
import { AlertTriangle } from 'lucide-react';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { ORDER_STATUS_SHOWN } from '@/domain/order-lifecycle';
import { capitalize, ORDER_STATUSES, PAYMENT_STATUSES, shortOrderId } from '@/domain/order-status';
import { adminApi, type AdminOrderSummary } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { DateRangeFilter, FilterBar, FilterSelect } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { FulfilmentBadge, OrderStatusBadge, PaymentStatusBadge } from '../components/status-badges';
import { useAdminList } from '../hooks/use-admin-list';
import { PhoneLinks } from '@/web/components/ui/phone-links';

const KEYS = ['q', 'status', 'paymentStatus', 'from', 'to', 'fulfilment', 'attention'] as const;

const COLUMNS: Column<AdminOrderSummary>[] = [
  {
    header: 'Order',
    className: 'whitespace-nowrap',
    cell: (o) => (
      <>
        <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
          Order #{shortOrderId(o.id)}
        </Link>
        <span className="block text-slate-600 lg:hidden">{formatNairobiDateTime(o.createdAt)}</span>
        {o.needsAttention && (
          <span className="ml-2 inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
            <AlertTriangle aria-hidden="true" className="h-3 w-3" /> Needs attention
          </span>
        )}
      </>
    ),
  },
  { header: 'Placed', className: 'hidden whitespace-nowrap lg:table-cell', cell: (o) => formatNairobiDateTime(o.createdAt) },
  {
    header: 'Customer',
    cell: (o) => (
      <>
        <span className="block font-medium text-slate-900">{o.customerName}</span>
        {o.customerEmail && <span className="block break-all text-slate-600">{o.customerEmail}</span>}
        <span className="block text-slate-600">
          {o.deliveryPhone ? <PhoneLinks phone={o.deliveryPhone} who={o.customerName || 'the customer'} /> : o.customerPhone}
        </span>
      </>
    ),
  },
  {
    header: 'Deliver to',
    className: 'hidden md:table-cell',
    cell: (o) => (
      <>
        <span className="block text-slate-900">{o.deliveryAddress}</span>
        {o.deliveryBuilding && <span className="block text-slate-700">{o.deliveryBuilding}</span>}
        {o.deliveryDirections && <span className="block text-slate-600">Rider: {o.deliveryDirections}</span>}
      </>
    ),
  },
  {
    header: 'Total',
    className: 'whitespace-nowrap text-right tabular-nums',
    cell: (o) => (
      <>
        {formatKES(o.totalCents)}
        {o.refundedCents > 0 && (
          <span className="block text-sm text-slate-700">{formatKES(o.totalCents - o.refundedCents)} after refunds</span>
        )}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (o) => (
      <div className="flex flex-wrap gap-1">
        <OrderStatusBadge status={o.status} />
        <PaymentStatusBadge status={o.paymentStatus} />
        {o.status === 'completed' && <FulfilmentBadge status={o.fulfilmentStatus} />}
      </div>
    ),
  },
];

export default function OrdersPage() {
  const { values, setFilters, setPage, query, filtered } = useAdminList('orders', KEYS, adminApi.orders, { refetchInterval: 30_000 });
  return (
    <>
      <PageHeader
        title="Orders"
        description="Newest first. Search by order number (the first characters are enough), name, email or phone."
      />
      <FilterBar>
        <SearchBox
          id="order-search"
          label="Search orders"
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          placeholder="Order #, name, email or phone"
        />
        <FilterSelect
          id="order-status"
          label="Order status"
          value={values.status}
          onChange={(status) => setFilters({ status })}
          options={[['', 'Any'], ...ORDER_STATUSES.map((s) => [s, ORDER_STATUS_SHOWN[s].merchant] as const)]}
        />
        <FilterSelect
          id="order-payment"
          label="Payment"
          value={values.paymentStatus}
          onChange={(paymentStatus) => setFilters({ paymentStatus })}
          options={[['', 'Any'], ...PAYMENT_STATUSES.map((s) => [s, capitalize(s.toLowerCase())] as const)]}
        />
        <FilterSelect
          id="order-fulfilment"
          label="Fulfilment"
          value={values.fulfilment}
          onChange={(fulfilment) => setFilters({ fulfilment })}
          options={[
            ['', 'Any'],
            ['to_fulfil', 'Paid, not delivered yet'],
          ]}
        />
        <DateRangeFilter idPrefix="order" from={values.from} to={values.to} onChange={setFilters} />
      </FilterBar>
      {values.attention && (
        <p className="mb-3 text-sm text-slate-700">
          Showing orders flagged for attention.{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setFilters({ attention: '' })}>
            Show all
          </button>
        </p>
      )}
      <ListState
        query={query}
        what="the orders"
        onPage={setPage}
        pagerLabel="Order pages"
        empty={
          <EmptyState title={filtered ? 'No orders match' : 'No orders yet'}>
            {filtered ? 'Try another search or filter.' : 'Orders appear here as customers check out.'}
          </EmptyState>
        }
      >
        {(items) => <DataTable label="Order list" caption="Orders" columns={COLUMNS} rows={items} rowKey={(o) => o.id} />}
      </ListState>
    </>
  );
}
