// /admin/customers: every account with its order count and what it has spent.
import { ROLE_LABELS } from '@/domain/staff-roles';
import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { Badge } from '@/web/components/ui/badge';
import { adminApi, type AdminCustomer } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { useAdminList } from '../hooks/use-admin-list';
import { formatPhone } from '@/domain/phone';
import { isPhoneOnlyEmail, NO_EMAIL_IN_LIST } from '@/domain/phone-sign-in';

const KEYS = ['q', 'role'] as const;

const COLUMNS: Column<AdminCustomer>[] = [
  {
    header: 'Customer',
    cell: (c) => (
      <>
        <Link to={`/admin/customers/${c.id}`} className="font-medium text-brand-700 hover:underline">
          {c.fullName || c.name}
        </Link>
        {c.role !== 'customer' && (
          <Badge tone="brand" className="ml-2">
            {ROLE_LABELS[c.role]}
          </Badge>
        )}
        <span className="block text-slate-600">{isPhoneOnlyEmail(c.email) ? NO_EMAIL_IN_LIST : c.email}</span>
      </>
    ),
  },
  { header: 'Phone', className: 'text-slate-700', cell: (c) => (c.phone ? formatPhone(c.phone) : '—') },
  { header: 'Orders', className: 'text-right tabular-nums', cell: (c) => c.orderCount },
  { header: 'Total spent', className: 'text-right tabular-nums', cell: (c) => formatKES(c.totalSpentCents) },
  { header: 'Joined', className: 'whitespace-nowrap', cell: (c) => formatNairobiDateTime(c.createdAt) },
];

export default function CustomersPage() {
  const { values, setFilters, setPage, query, filtered } = useAdminList('customers', KEYS, adminApi.customers);
  return (
    <>
      <PageHeader title="Customers" description="Everyone with an account. Total spent counts completed orders only." />
      <FilterBar>
        <SearchBox
          id="customer-search"
          label="Search customers"
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          placeholder="Name, email or phone"
        />
        <FilterSelect
          id="customer-role"
          label="Role"
          value={values.role}
          onChange={(role) => setFilters({ role })}
          options={[
            ['', 'Everyone'],
            ['customer', 'Customers'],
            ['owner', 'Owners'],
            ['staff', 'Staff'],
            ['rider', 'Riders'],
          ]}
        />
      </FilterBar>
      <ListState
        query={query}
        what="the customers"
        onPage={setPage}
        pagerLabel="Customer pages"
        empty={
          <EmptyState title="No customers match">
            {filtered ? 'Try another search.' : 'Customers appear here when they sign up.'}
          </EmptyState>
        }
      >
        {(items) => <DataTable label="Customer list" caption="Customers" columns={COLUMNS} rows={items} rowKey={(c) => c.id} />}
      </ListState>
    </>
  );
}
