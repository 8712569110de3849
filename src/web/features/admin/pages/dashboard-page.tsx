import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { formatStock } from '@/domain/stock-units';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi } from '../admin-api';
import { QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { RevenueChart } from '../components/revenue-chart';
import { SignInCodeAlerts } from '../components/sign-in-code-alerts';

function Stat({ label, orders, revenueCents }: { label: string; orders: number; revenueCents: number }) {
  return (
    <Card>
      <CardContent>
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        <p className="mt-1 text-2xl font-bold text-slate-900">{formatKES(revenueCents)}</p>
        <p className="text-sm text-slate-700">
          {orders} paid {orders === 1 ? 'order' : 'orders'}
        </p>
      </CardContent>
    </Card>
  );
}

function ToDo({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center justify-between rounded-md border border-slate-200 bg-white px-4 py-3 hover:border-brand-600"
      >
        <span className="text-slate-800">{label}</span>
        <span className={count > 0 ? 'text-lg font-bold text-brand-800' : 'text-lg text-slate-600'}>{count}</span>
      </Link>
    </li>
  );
}

export default function DashboardPage() {
  const query = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: adminApi.dashboard, refetchInterval: 60_000 });
  return (
    <>
      <PageHeader title="Dashboard" description="Paid orders and revenue (completed payments only), and what needs doing." />
      <SignInCodeAlerts />
      <QueryState query={query} what="the dashboard" rows={5}>
        {(d) => (
          <div className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-3">
              <Stat label="Today" {...d.today} />
              <Stat label="Last 7 days" {...d.last7Days} />
              <Stat label="Last 30 days" {...d.last30Days} />
            </div>
            <div className="grid gap-6 lg:grid-cols-3">
              <Card className="lg:col-span-2">
                <CardContent>
                  <h2 className="mb-3 font-semibold text-slate-900">Revenue per day (last 30 days)</h2>
                  <RevenueChart days={d.dailyRevenue} />
                </CardContent>
              </Card>
              <section aria-labelledby="todo-heading">
                <h2 id="todo-heading" className="mb-3 font-semibold text-slate-900">
                  To do
                </h2>
                <ul className="space-y-2">
                  {/* The same filters the server counts with (DASHBOARD_LISTS), so each number matches its list. */}
                  <ToDo to="/admin/orders?fulfilment=to_fulfil" count={d.ordersToFulfil} label="Orders to fulfil" />
                  <ToDo to="/admin/orders?paymentStatus=PENDING&status=pending" count={d.paymentsPending} label="Payments pending" />
                  <ToDo to="/admin/products?state=low_stock" count={d.lowStockCount} label="Products low on stock" />
                  <ToDo to="/admin/messages?state=unread" count={d.unreadMessages} label="Unread messages" />
                  {d.lateTaxInvoices > 0 && (
                    <ToDo
                      to="/admin/tax-invoices?status=pending"
                      count={d.lateTaxInvoices}
                      label={`Tax invoices waiting for KRA over ${d.taxInvoicesLateAfterMinutes} minutes`}
                    />
                  )}
                  {d.ordersNeedingAttention > 0 && (
                    <ToDo to="/admin/orders?attention=yes" count={d.ordersNeedingAttention} label="Orders flagged for attention" />
                  )}
                </ul>
              </section>
            </div>
            <Card>
              <CardContent>
                <h2 className="mb-3 font-semibold text-slate-900">Low stock</h2>
                {d.lowStock.length === 0 ? (
                  <p className="text-sm text-slate-700">Every product is above its low-stock threshold.</p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {d.lowStock.flatMap((p) =>
                      p.lowVariants.map((v) => (
                        <li key={v.variantId} className="flex flex-wrap items-center justify-between gap-x-3 py-2 text-sm">
                          <Link to={`/admin/products/${p.id}`} className="font-medium text-brand-700 hover:underline">
                            {v.name ? `${p.name} — ${v.name}` : p.name}
                          </Link>
                          <span className={v.stock === 0 ? 'font-semibold text-red-700' : 'text-slate-800'}>
                            {v.stock === 0 ? 'Out of stock' : `${formatStock(p.stockUnit, v.stock)} left`} (threshold{' '}
                            {formatStock(p.stockUnit, p.lowStockThreshold)})
                          </span>
                        </li>
                      )),
                    )}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
        )}
      </QueryState>
    </>
  );
}
