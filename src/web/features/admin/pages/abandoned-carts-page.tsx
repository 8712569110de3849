// /admin/abandoned-carts: the carts signed-in customers filled and left (not changed for the set
// hours, no order since), newest first, at today's prices, and whether the reminder SMS went. The
// owner sets the hours here; the reminder goes only to customers who asked for it on their profile.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { CART_REMINDER_HOURS, CART_REMINDER_HOURS_MESSAGE } from '@/domain/saved-cart';
import { z } from 'zod';
import { Button } from '@/web/components/ui/button';
import { PhoneLinks } from '@/web/components/ui/phone-links';
import { toast } from '@/web/lib/toast';
import { useSession } from '../../account/use-session';
import { adminApi } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { TextInput } from '../components/form-field';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';

type AbandonedCart = Awaited<ReturnType<typeof adminApi.abandonedCarts>>['carts'][number];

const QUERY_KEY = ['admin', 'abandoned-carts'] as const;

const COLUMNS: Column<AbandonedCart>[] = [
  {
    header: 'Customer',
    cell: (c) => (
      <>
        <span className="block font-medium text-slate-900">{c.customerName || 'No name given'}</span>
        <span className="block break-all text-slate-600">{c.email}</span>
      </>
    ),
  },
  {
    header: 'Phone',
    cell: (c) => (c.phone ? <PhoneLinks phone={c.phone} who={c.customerName || 'the customer'} /> : 'None'),
  },
  {
    header: 'In the cart',
    cell: (c) =>
      c.lines.length === 0 ? (
        <span className="text-slate-600">Nothing still sold</span>
      ) : (
        <ul className="space-y-0.5">
          {c.lines.map((l, i) => (
            <li key={i}>
              {l.quantity} × {l.name}
            </li>
          ))}
        </ul>
      ),
  },
  { header: 'Value today', className: 'whitespace-nowrap tabular-nums', cell: (c) => formatKES(c.valueCents) },
  { header: 'Last change', className: 'whitespace-nowrap', cell: (c) => formatNairobiDateTime(c.updatedAt) },
  {
    header: 'Reminder',
    cell: (c) => (c.reminderSentAt ? `Sent ${formatNairobiDateTime(c.reminderSentAt)}` : c.cartReminders ? 'Not yet' : 'Not asked for'),
  },
];

const hoursForm = z.object({
  hours: z.coerce
    .number({ error: CART_REMINDER_HOURS_MESSAGE })
    .int({ error: CART_REMINDER_HOURS_MESSAGE })
    .min(CART_REMINDER_HOURS.min, { error: CART_REMINDER_HOURS_MESSAGE })
    .max(CART_REMINDER_HOURS.max, { error: CART_REMINDER_HOURS_MESSAGE }),
});
type HoursInput = z.input<typeof hoursForm>;
type HoursOutput = z.output<typeof hoursForm>;

function HoursForm({ hours }: { hours: number }) {
  const queryClient = useQueryClient();
  const form = useForm<HoursInput, unknown, HoursOutput>({ resolver: zodResolver(hoursForm), defaultValues: { hours: String(hours) } });
  const field = fieldBinder(form, 'cart-reminders');
  const save = async (_typed: HoursInput, parsed: HoursOutput) => {
    await adminApi.saveCartReminderHours(parsed.hours);
    await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    toast.success('Cart reminder hours saved.');
  };
  const busy = form.formState.isSubmitting;
  return (
    <form
      noValidate
      aria-label="Cart reminder hours"
      className="mb-6 flex flex-wrap items-end gap-3"
      onSubmit={adminSubmit(form, ['hours'], save, 'The hours could not be saved. Please try again.')}
    >
      <TextInput
        label="A cart is abandoned after (hours)"
        type="number"
        inputMode="numeric"
        min={CART_REMINDER_HOURS.min}
        max={CART_REMINDER_HOURS.max}
        className="max-w-28"
        hint={`${CART_REMINDER_HOURS.min} to ${CART_REMINDER_HOURS.max}. Customers who asked for it get one SMS then.`}
        {...field('hours')}
      />
      <Button type="submit" className="min-h-11" disabled={busy}>
        {busy ? 'Saving…' : 'Save hours'}
      </Button>
    </form>
  );
}

export default function AbandonedCartsPage() {
  const session = useSession();
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: adminApi.abandonedCarts, refetchInterval: 60_000 });
  const isOwner = session.data?.profile?.role === 'owner';
  return (
    <>
      <PageHeader
        title="Abandoned carts"
        description={
          query.data
            ? `Carts of signed-in customers not changed for more than ${query.data.hours} hours and not ordered since. Newest first, at today’s prices.`
            : 'Carts of signed-in customers left without an order. Newest first, at today’s prices.'
        }
      />
      <QueryState query={query} what="the abandoned carts">
        {({ hours, carts }) => (
          <>
            {isOwner && <HoursForm key={hours} hours={hours} />}
            {carts.length === 0 ? (
              <EmptyState title="No abandoned carts">Carts left for more than {hours} hours appear here.</EmptyState>
            ) : (
              <DataTable label="Abandoned carts" caption="Abandoned carts" columns={COLUMNS} rows={carts} rowKey={(c) => c.userId} />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
