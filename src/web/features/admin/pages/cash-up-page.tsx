// /admin/cash-up: the end of a day's pay on delivery, one card per rider: the orders they were to
// collect at the door and how each went, what was expected against what came in by cash and by
// M-Pesa, and the cash they handed in as counted, set against the cash they collected. The
// rider's money is counted here rather than on the deliveries screen so a short or over count is
// written down (and audited) once per rider and day.
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import type { z } from 'zod';
import { cashUpSchema } from '@/domain/back-office-forms';
import { centsToDecimalString, formatKES, type Cents } from '@/domain/money';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { api, call } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { DataTable, type Column } from '../components/data-table';
import { Facts } from '../components/facts';
import { TextInput } from '../components/form-field';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';

const cashUpApi = api.admin.deliveries['cash-up'];
const loadCashUp = (day: string) => call(cashUpApi.$get({ query: { day } }));
// The client puts path parameters in the address as given.
const saveCashUp = (riderId: string, day: string, json: { cashReceived: string | number; note?: string }) =>
  call(cashUpApi[':riderId'][':day'].$put({ param: { riderId: encodeURIComponent(riderId), day }, json }));

type CashUpDay = Awaited<ReturnType<typeof loadCashUp>>;
type RiderCashUp = CashUpDay['riders'][number];
type CashUpLine = RiderCashUp['orders'][number];
type CashUpInput = z.input<typeof cashUpSchema>;
type CashUpOutput = z.output<typeof cashUpSchema>;

const FIELDS = ['cashReceived', 'note'] as const;
const queryKey = (day: string) => ['admin', 'cash-up', day] as const;

function howCollected(o: CashUpLine): string {
  if (o.state === 'refused') return 'Refused at the door';
  if (o.state === 'due') return 'Not collected yet';
  if (o.method === 'Cash') return 'Collected by cash';
  return o.code ? `Collected by M-Pesa (${o.code})` : 'Collected by M-Pesa';
}

/** Handed in less collected, as the owner says it to the rider. */
function differenceText(differenceCents: Cents): string {
  if (differenceCents < 0) return `${formatKES(-differenceCents)} short`;
  if (differenceCents > 0) return `${formatKES(differenceCents)} over`;
  return 'Matches the cash collected';
}

const COLUMNS: Column<CashUpLine>[] = [
  {
    header: 'Order',
    className: 'whitespace-nowrap',
    cell: (o) => (
      <Link to={`/admin/orders/${o.orderId}`} className="font-medium text-brand-700 hover:underline">
        #{o.orderNumber}
      </Link>
    ),
  },
  { header: 'Customer', cell: (o) => o.customerName },
  { header: 'Total', className: 'whitespace-nowrap tabular-nums', cell: (o) => formatKES(o.totalCents) },
  { header: 'Payment', cell: howCollected },
];

const formValues = (r: RiderCashUp): CashUpInput => ({
  cashReceived: r.cashReceivedCents === null ? '' : centsToDecimalString(r.cashReceivedCents),
  note: r.note,
});

function RiderCard({ rider, day, index }: { rider: RiderCashUp; day: string; index: number }) {
  const queryClient = useQueryClient();
  const form = useForm<CashUpInput, unknown, CashUpOutput>({ resolver: zodResolver(cashUpSchema), defaultValues: formValues(rider) });
  const field = fieldBinder(form, `cash-up-${index}`);
  const busy = form.formState.isSubmitting;
  const headingId = `cash-up-rider-${index}`;
  const { totals } = rider;

  // The amount goes as typed: the server reads it into cents with the same rule.
  const save = async (typed: CashUpInput) => {
    const saved = await saveCashUp(rider.riderId, day, { cashReceived: typed.cashReceived, note: typed.note ?? '' });
    if (saved) {
      queryClient.setQueryData<CashUpDay>(queryKey(day), (old) =>
        old ? { ...old, riders: old.riders.map((r) => (r.riderId === saved.riderId ? saved : r)) } : old,
      );
      form.reset(formValues(saved));
    } else {
      await queryClient.invalidateQueries({ queryKey: queryKey(day) });
    }
    toast.success(`Cash-up of ${rider.riderName} saved.`);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {rider.riderName}
      </h2>
      <DataTable
        label={`Orders of ${rider.riderName}`}
        caption={`Orders ${rider.riderName} was to collect at the door`}
        columns={COLUMNS}
        rows={rider.orders}
        rowKey={(o) => o.orderId}
      />
      <Facts
        rows={[
          ['Expected', formatKES(totals.expectedCents)],
          ['Cash collected', formatKES(totals.cashCents)],
          ['M-Pesa collected', formatKES(totals.mpesaCents)],
          ['Not collected', formatKES(totals.outstandingCents)],
        ]}
      />
      <form
        noValidate
        aria-label={`Cash handed in by ${rider.riderName}`}
        className="grid items-start gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
        onSubmit={adminSubmit(form, FIELDS, save, 'The cash-up could not be saved. Please try again.')}
      >
        <TextInput label="Cash handed in (KES)" inputMode="decimal" autoComplete="off" {...field('cashReceived')} />
        <TextInput label="Note" autoComplete="off" maxLength={200} {...field('note')} />
        <Button type="submit" className="min-h-11 sm:mt-6" disabled={busy}>
          {busy ? 'Saving…' : 'Save cash-up'} <span className="sr-only">of {rider.riderName}</span>
        </Button>
      </form>
      {/* Always in the page, so saving is announced by screen readers too. */}
      <div aria-live="polite" className="text-sm text-slate-900">
        {rider.cashReceivedCents !== null && rider.differenceCents !== null && (
          <p>
            Handed in {formatKES(rider.cashReceivedCents)}:{' '}
            <span className={rider.differenceCents === 0 ? 'font-semibold text-green-800' : 'font-semibold text-red-800'}>
              {differenceText(rider.differenceCents)}
            </span>
            .
          </p>
        )}
      </div>
    </section>
  );
}

export default function CashUpPage() {
  const [params, setParams] = useSearchParams();
  const day = params.get('day') || nairobiDateKey(new Date());
  const query = useQuery({ queryKey: queryKey(day), queryFn: () => loadCashUp(day), placeholderData: keepPreviousData });
  return (
    <>
      <PageHeader
        title="Cash-up"
        description="Each rider’s orders to pay on delivery: what they were to collect, what came in by cash and M-Pesa, and the cash they handed in."
      />
      <div className="mb-4 max-w-xs">
        <Label htmlFor="cash-up-day">Day</Label>
        <Input
          id="cash-up-day"
          type="date"
          value={day}
          onChange={(e) => {
            if (e.currentTarget.value) setParams({ day: e.currentTarget.value });
          }}
        />
      </div>
      <QueryState query={query} what="the cash-up">
        {(data) =>
          data.riders.length === 0 ? (
            <EmptyState title="No orders to pay on delivery for this day." />
          ) : (
            <div className="space-y-6">
              {data.riders.map((r, i) => (
                // Keyed by the day too: another day's form starts from that day's count.
                <RiderCard key={`${data.day}-${r.riderId}`} rider={r} day={data.day} index={i} />
              ))}
            </div>
          )
        }
      </QueryState>
    </>
  );
}
