// /admin/vat: the month's VAT figures for the VAT return (the month before this one unless the
// address says otherwise): per band, KRA's signed sales less its signed credit notes, and every
// paid order KRA has not signed a sale for, which the return would miss.
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { invoiceStateText } from '@/domain/bookkeeping-csv';
import { shortOrderId } from '@/domain/order-status';
import { monthDays, previousNairobiMonth, REPORT_RANGE_MESSAGES } from '@/domain/report-range';
import { Alert } from '@/web/components/ui/alert';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type VatReturnView } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { FilterBar } from '../components/filter-bar';
import { TextInput } from '../components/form-field';
import { QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useListParams } from '../hooks/use-list-params';

const KEYS = ['month'] as const;

/** A band's row, or the total's. */
type Band = Omit<VatReturnView['bands'][number], 'band' | 'rateBp'> & { label: string };
type Unsigned = VatReturnView['unsignedOrders'][number];

const money = (key: keyof Omit<Band, 'label'>, header: string): Column<Band> => ({
  header,
  className: 'text-right tabular-nums whitespace-nowrap',
  cell: (b) => formatKES(b[key]),
});

const BAND_COLUMNS: Column<Band>[] = [
  { header: 'Band', cell: (b) => b.label },
  money('salesTaxable', 'Sales taxable'),
  money('salesVat', 'Sales VAT'),
  money('creditTaxable', 'Credit notes taxable'),
  money('creditVat', 'Credit notes VAT'),
  money('netTaxable', 'Net taxable'),
  money('netVat', 'Net VAT'),
];

const UNSIGNED_COLUMNS: Column<Unsigned>[] = [
  {
    header: 'Order',
    cell: (o) => (
      <Link to={`/admin/orders/${o.id}`} className="font-medium text-brand-700 underline">
        #{shortOrderId(o.id)}
      </Link>
    ),
  },
  { header: 'Paid', cell: (o) => formatNairobiDateTime(o.paidAt) },
  { header: 'Customer', cell: (o) => o.customerName },
  { header: 'Total', className: 'text-right tabular-nums', cell: (o) => formatKES(o.totalCents) },
  { header: 'Tax invoice', cell: (o) => invoiceStateText(o.invoiceStatus) },
];

function Figures({ vat }: { vat: VatReturnView }) {
  const rows: Band[] = [
    ...vat.bands.map(({ band, rateBp, ...sums }) => ({ label: `${band} (${rateBp / 100}%)`, ...sums })),
    { label: 'Total', ...vat.total },
  ];
  return (
    <div className="space-y-4">
      <Card>
        <CardContent>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-semibold text-slate-900">VAT per band</h2>
            <a
              href={adminApi.vatCsvUrl(vat.month)}
              download
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
            >
              Download the VAT figures (CSV)
            </a>
          </div>
          <p className="mb-3 text-sm text-slate-700">
            From {vat.signedSales} {vat.signedSales === 1 ? 'sale' : 'sales'} and {vat.signedCreditNotes}{' '}
            {vat.signedCreditNotes === 1 ? 'credit note' : 'credit notes'} signed by KRA this month.
            {vat.unsignedCreditNotes > 0 && ` ${vat.unsignedCreditNotes} more credit notes wait for KRA and are not counted yet.`}
          </p>
          <DataTable label="VAT per band" caption="VAT per band" columns={BAND_COLUMNS} rows={rows} rowKey={(b) => b.label} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <h2 className="mb-2 font-semibold text-slate-900">Paid orders without a signed tax invoice</h2>
          <p className="mb-3 text-sm text-slate-700">
            {vat.paidOrders} paid {vat.paidOrders === 1 ? 'order' : 'orders'} this month ({formatKES(vat.paidOrdersChargedCents)} charged).
          </p>
          {vat.unsignedOrders.length === 0 ? (
            <p className="text-sm text-slate-700">Every paid order of the month has a tax invoice signed by KRA.</p>
          ) : (
            <DataTable
              label="Paid orders without a signed tax invoice"
              caption="Paid orders without a signed tax invoice"
              columns={UNSIGNED_COLUMNS}
              rows={vat.unsignedOrders}
              rowKey={(o) => o.id}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default function VatPage() {
  const { values, setFilters } = useListParams(KEYS);
  const month = values.month || previousNairobiMonth(new Date());
  const valid = monthDays(month) !== null;
  const query = useQuery({ queryKey: ['admin', 'vat', month], queryFn: () => adminApi.vatReturn(month), enabled: valid });
  return (
    <>
      <PageHeader
        title="VAT figures"
        description="What to copy into the VAT return: the sales KRA signed less the credit notes it signed, per band, by the date of each tax invoice (Nairobi time)."
      />
      <FilterBar>
        <TextInput id="vat-month" label="Month" type="month" value={month} onChange={(e) => setFilters({ month: e.currentTarget.value })} />
      </FilterBar>
      {valid ? (
        <QueryState query={query} what="the VAT figures" rows={6}>
          {(vat) => <Figures vat={vat} />}
        </QueryState>
      ) : (
        <Alert tone="error" title="This month cannot be read">
          {REPORT_RANGE_MESSAGES.notAMonth}
        </Alert>
      )}
    </>
  );
}
