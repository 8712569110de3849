// /admin/customers/:id: who they are, what they ordered, and (for the owner) their role in the shop,
// never your own.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { shortOrderId } from '@/domain/order-status';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useSession } from '../../account/use-session';
import { adminApi, type AdminCustomer } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Facts } from '../components/facts';
import { EmptyState, ListState, QueryState } from '../components/list-states';
import { RecordNotFound, retryUnlessMissing } from '../components/record-not-found';
import { PageHeader } from '../components/page-header';
import { OrderStatusBadge, PaymentStatusBadge } from '../components/status-badges';
import { useAdminAction } from '../hooks/use-admin-action';
import { formatPhone } from '@/domain/phone';
import { ROLE_LABELS, ROLE_POWERS, ROLES, type Role } from '@/domain/staff-roles';
import { SelectInput } from '../components/form-field';
import { isPhoneOnlyEmail, NO_EMAIL_IN_LIST } from '@/domain/phone-sign-in';

function RoleSwitch({ customer }: { customer: AdminCustomer }) {
  const run = useAdminAction();
  const session = useSession();
  const [role, setRole] = useState<Role>(customer.role);
  if (session.data?.profile?.role !== 'owner') return null;
  if (session.data.user?.id === customer.id) {
    return <p className="text-sm text-slate-600">This is your own account: another owner can change its role.</p>;
  }
  const name = customer.fullName || customer.email;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectInput id="customer-role" label="Role in the shop" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectInput>
      <ConfirmDialog
        trigger={
          <Button variant="default" disabled={role === customer.role}>
            Change role
          </Button>
        }
        title={`Make ${name} ${role === 'customer' ? 'a customer only' : `${role === 'owner' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}`}?`}
        description={ROLE_POWERS[role]}
        confirmLabel="Change role"
        confirmVariant={role === 'customer' ? 'destructive' : 'default'}
        onConfirm={() =>
          run(
            () => adminApi.setRole(customer.id, role),
            `${name} is now: ${ROLE_LABELS[role]}.`,
            'The role could not be changed. Please try again.',
          )
        }
      />
    </div>
  );
}

function CustomerOrders({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'orders', { userId }, page],
    queryFn: () => adminApi.orders({ userId, page, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
  return (
    <ListState
      query={query}
      what="their orders"
      rows={3}
      onPage={setPage}
      pagerLabel="Order pages"
      empty={<EmptyState title="No orders yet" />}
    >
      {(items) => (
        <ul className="divide-y divide-slate-100">
          {items.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
                Order #{shortOrderId(o.id)}
              </Link>
              <span className="text-slate-700">{formatNairobiDateTime(o.createdAt)}</span>
              <span className="tabular-nums">{formatKES(o.totalCents)}</span>
              <span className="flex gap-1">
                <OrderStatusBadge status={o.status} />
                <PaymentStatusBadge status={o.paymentStatus} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

function CustomerView({ customer: c }: { customer: AdminCustomer }) {
  return (
    <>
      <PageHeader
        title={c.fullName || c.name || (isPhoneOnlyEmail(c.email) ? formatPhone(c.phone ?? '') : c.email)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to="/admin/customers" className="text-brand-700 underline">
              Back to customers
            </Link>
            <Badge tone={c.role === 'customer' ? 'neutral' : 'brand'}>{ROLE_LABELS[c.role]}</Badge>
            {isPhoneOnlyEmail(c.email) ? (
              <Badge tone="neutral">Signs in by SMS</Badge>
            ) : (
              !c.emailVerified && <Badge tone="warning">Email not verified</Badge>
            )}
          </span>
        }
        actions={<RoleSwitch customer={c} />}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardContent>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Details</h2>
            <Facts
              rows={[
                ['Email', isPhoneOnlyEmail(c.email) ? NO_EMAIL_IN_LIST : c.email],
                ['Phone', c.phone ? formatPhone(c.phone) : 'Not provided'],
                ['Address', c.address ?? 'Not provided'],
                ['Joined', formatNairobiDateTime(c.createdAt)],
                ['Orders', c.orderCount],
                ['Total spent', formatKES(c.totalSpentCents)],
              ]}
            />
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardContent>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Orders</h2>
            <CustomerOrders userId={c.id} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export default function CustomerPage() {
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: ['admin', 'customer', id], queryFn: () => adminApi.customer(id), retry: retryUnlessMissing });
  return (
    <QueryState
      query={query}
      what="the customer"
      notFound={<RecordNotFound title="Customer not found" backTo="/admin/customers" backLabel="Back to customers" />}
    >
      {({ customer }) => <CustomerView customer={customer} />}
    </QueryState>
  );
}
