// /admin/packing: the pick list of a day's delivery window, made for a phone or tablet in the cold
// room. Each order a card of its lines to tick (a fish weighed first), to replace or to mark
// unavailable, then 'Finish packing'. The day and window are in the address, so a reload keeps them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { adminApi } from '../admin-api';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { PackingOrderCard } from './packing-order';

export default function PackingPage() {
  const [params, setParams] = useSearchParams();
  const day = params.get('day') || nairobiDateKey(new Date());
  const slot = params.get('slot') ?? '';
  const query = useQuery({
    queryKey: ['admin', 'packing', day, slot],
    queryFn: () => adminApi.pickList(day, slot),
    placeholderData: keepPreviousData,
  });
  const set = (next: { day?: string; slot?: string }) => {
    const merged = { day, slot, ...next };
    setParams(merged.slot ? { day: merged.day, slot: merged.slot } : { day: merged.day });
  };
  return (
    <>
      <PageHeader title="Packing" description="Tick each item as it goes in the bag. Weigh fish sold by the kilo first." />
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor="packing-day">Day</Label>
          <Input
            id="packing-day"
            type="date"
            value={day}
            onChange={(e) => e.currentTarget.value && set({ day: e.currentTarget.value, slot: '' })}
          />
        </div>
        <div>
          <Label htmlFor="packing-slot">Delivery window</Label>
          <select
            id="packing-slot"
            value={query.data?.slot ?? ''}
            onChange={(e) => set({ slot: e.currentTarget.value })}
            className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
          >
            <option value="">The whole day</option>
            {query.data?.slots.map((s) => (
              <option key={s.slot} value={s.slot}>
                {s.slot} ({s.packed}/{s.orders} packed)
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState query={query} what="the pick list">
        {({ orders }) =>
          orders.length === 0 ? (
            <EmptyState title="Nothing to pack for this day" />
          ) : (
            <ol className="space-y-4" aria-label="Orders to pack">
              {orders.map((o) => (
                <PackingOrderCard key={o.orderId} order={o} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </>
  );
}
