// /admin/tax-invoices: how declaring to KRA's eTIMS stands (where invoices go, the device, the code
// lists' age, what waits and what KRA refused, and a warning when the oldest waiting invoice is
// older than ETIMS_LATE_AFTER_MINUTES), then the invoices by status, with 'Send again' for one KRA
// refused once the merchant fixed what KRA named.
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { shortOrderId } from '@/domain/order-status';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { adminApi, type TaxInvoiceStatusView, type TaxInvoiceView } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { Facts } from '../components/facts';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { TaxInvoiceBadge, taxInvoiceKind } from '../components/tax-invoice-badge';
import { useAdminAction } from '../hooks/use-admin-action';
import { useAdminList } from '../hooks/use-admin-list';

const KEYS = ['status'] as const;

const TARGETS: Record<TaxInvoiceStatusView['target'], string> = {
  disabled: 'Switched off: no tax invoices are issued',
  simulator: 'The built-in eTIMS simulator (nothing reaches KRA)',
  sandbox: "KRA's eTIMS sandbox",
  production: "KRA's eTIMS (production)",
};

/** The queue is stuck: the oldest invoice still to be sent waited longer than the setting allows. */
function LateWarning({ status: s }: { status: TaxInvoiceStatusView }) {
  if (s.late === 0 || !s.oldestWaitingSince) return null;
  return (
    <Alert tone="error" title="Tax invoices are late reaching KRA" className="mb-4" data-testid="etims-late">
      {s.late} {s.late === 1 ? 'invoice has' : 'invoices have'} waited over {s.lateAfterMinutes} minutes; the oldest since{' '}
      {formatNairobiDateTime(s.oldestWaitingSince)}. The shop keeps trying on its own: check that KRA's eTIMS is up and the device is
      accepted (the reason is on each waiting invoice below).
    </Alert>
  );
}

/** Stock declarations go in number order: one that waited too long holds back the rest, so its reason is shown. */
function StockLateWarning({ stock }: { stock: TaxInvoiceStatusView['stock'] }) {
  if (stock.late === 0 || !stock.oldestWaitingSince) return null;
  return (
    <Alert tone="error" title="Stock declarations are late reaching KRA" className="mb-4" data-testid="etims-stock-late">
      {stock.late} stock {stock.late === 1 ? 'declaration has' : 'declarations have'} waited over the limit; the oldest since{' '}
      {formatNairobiDateTime(stock.oldestWaitingSince)}. The shop keeps trying on its own.
      {stock.heldBy && ` The first in line holds back the others: ${stock.heldBy.error}`}
    </Alert>
  );
}

function EtimsStatus({ status: s }: { status: TaxInvoiceStatusView }) {
  const device = s.device;
  return (
    <section aria-labelledby="etims-status" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <LateWarning status={s} />
      <StockLateWarning stock={s.stock} />
      <h2 id="etims-status" className="mb-3 text-lg font-semibold text-slate-900">
        eTIMS status
      </h2>
      <Facts
        rows={[
          ['Invoices go to', TARGETS[s.target]],
          ...(device
            ? ([
                ['Device', device.initialised ? `Initialised (CU id ${device.cuId ?? 'unknown'})` : 'Not initialised yet'],
                ['KRA PIN and branch', `${device.pin}, branch ${device.branchId} (serial ${device.serial})`],
                ['Code lists last synced', device.codesRefreshedAt ? formatNairobiDateTime(device.codesRefreshedAt) : 'Never'],
              ] as const)
            : []),
          ['Waiting to be sent', s.failed > 0 ? `${s.waiting} (${s.failed} failed, retried)` : String(s.waiting)],
          ['Oldest waiting since', s.oldestWaitingSince ? formatNairobiDateTime(s.oldestWaitingSince) : '—'],
          ['Refused by KRA', <span className={s.refused > 0 ? 'font-semibold text-red-700' : undefined}>{s.refused}</span>],
          [
            'Stock declarations waiting',
            s.stock.failed > 0 ? `${s.stock.waiting} (${s.stock.failed} failed, retried)` : String(s.stock.waiting),
          ],
          ['Oldest stock declaration waiting since', s.stock.oldestWaitingSince ? formatNairobiDateTime(s.stock.oldestWaitingSince) : '—'],
        ]}
      />
    </section>
  );
}

function SendAgain({ invoice }: { invoice: TaxInvoiceView }) {
  const run = useAdminAction();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          Send again<span className="sr-only"> {invoice.reference}</span>
        </Button>
      }
      title={`Send ${invoice.reference} to KRA again?`}
      description="Do this after fixing what KRA named. The invoice goes back in the queue and is sent in number order with the others."
      confirmLabel="Send again"
      confirmVariant="default"
      cancelLabel="Not now"
      onConfirm={() => run(() => adminApi.sendTaxInvoiceAgain(invoice.id), `${invoice.reference} is queued to be sent to KRA again.`)}
    />
  );
}

const COLUMNS: Column<TaxInvoiceView>[] = [
  {
    header: 'Invoice',
    className: 'whitespace-nowrap',
    cell: (i) => (
      <>
        <span className="block font-semibold text-slate-900">{i.reference}</span>
        <span className="block text-slate-600">{formatNairobiDateTime(i.createdAt)}</span>
      </>
    ),
  },
  {
    header: 'Order',
    className: 'whitespace-nowrap',
    cell: (i) => (
      <Link to={`/admin/orders/${i.orderId}`} className="font-semibold text-brand-700 hover:underline">
        Order #{shortOrderId(i.orderId)}
      </Link>
    ),
  },
  { header: 'Kind', cell: (i) => taxInvoiceKind(i.kind) },
  { header: 'Total', className: 'whitespace-nowrap text-right tabular-nums', cell: (i) => formatKES(i.totalCents) },
  {
    header: 'Status',
    cell: (i) => (
      <>
        <TaxInvoiceBadge status={i.status} />
        {i.cuInvoiceNo && <span className="block text-slate-600">CU invoice {i.cuInvoiceNo}</span>}
        {i.status === 'refused' && i.kraMessage && (
          <span className="mt-1 block break-words text-red-700" data-testid="kra-message">
            {i.kraMessage}
          </span>
        )}
        {i.status === 'failed' && i.error && <span className="mt-1 block break-words text-slate-600">{i.error}</span>}
      </>
    ),
  },
  { header: 'Action', cell: (i) => (i.status === 'refused' ? <SendAgain invoice={i} /> : null) },
];

export default function TaxInvoicesPage() {
  const status = useQuery({ queryKey: ['admin', 'tax-invoices', 'status'], queryFn: adminApi.taxInvoiceStatus, refetchInterval: 30_000 });
  const { values, setFilters, query, filtered } = useAdminList('tax-invoices', KEYS, adminApi.taxInvoices, { refetchInterval: 30_000 });
  return (
    <>
      <PageHeader
        title="Tax invoices"
        description="Every paid order is declared to KRA's eTIMS as a sale, every refund as a credit note. Refused ones first."
      />
      <QueryState query={status} what="the eTIMS status" rows={2}>
        {(s) => <EtimsStatus status={s} />}
      </QueryState>
      <FilterBar>
        <FilterSelect
          id="tax-invoice-status"
          label="Show"
          value={values.status}
          onChange={(next) => setFilters({ status: next })}
          options={[
            ['', 'All'],
            ['refused', 'Refused by KRA'],
            ['pending', 'Waiting to be sent'],
            ['sent', 'Signed by KRA'],
          ]}
        />
      </FilterBar>
      <QueryState query={query} what="the tax invoices">
        {({ invoices }) =>
          invoices.length === 0 ? (
            <EmptyState title={filtered ? 'No tax invoices match' : 'No tax invoices yet'}>
              {filtered ? 'Try another status.' : 'They appear here as orders are paid.'}
            </EmptyState>
          ) : (
            <DataTable label="Tax invoice list" caption="Tax invoices" columns={COLUMNS} rows={invoices} rowKey={(i) => i.id} />
          )
        }
      </QueryState>
    </>
  );
}
