// /admin/deliveries: a day's paid orders to deliver, grouped by delivery slot and zone, each group
// in route order from the shop, with the packing slips and route sheet to print and the riders to
// give stops to (one order, or a whole group at once; the rider gets an SMS of the stops).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { adminApi, deliverySheetUrl, type DeliveriesView } from '../admin-api';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useAdminAction } from '../hooks/use-admin-action';
import { DeliveryStopCard } from './delivery-stop';

type Rider = DeliveriesView['riders'][number];

/** A rider to give the orders to, and the button that does it. */
function AssignControl({
  id,
  label,
  orderIds,
  riders,
  current,
}: {
  id: string;
  label: string;
  orderIds: string[];
  riders: Rider[];
  current?: string;
}) {
  const run = useAdminAction();
  const [riderId, setRiderId] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const rider = riders.find((r) => r.id === riderId);
  const assign = async () => {
    setBusy(true);
    await run(
      () => adminApi.assignRider(orderIds, riderId || null),
      (r) =>
        rider
          ? `${r.assigned === 1 ? 'Order' : `${r.assigned} orders`} given to ${rider.name}.${r.smsQueued ? ' They get an SMS of the stops.' : ''}`
          : 'Rider taken off.',
    );
    setBusy(false);
  };
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <select
          id={id}
          value={riderId}
          onChange={(e) => setRiderId(e.currentTarget.value)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
        >
          <option value="">No rider</option>
          {riders.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" disabled={busy} onClick={() => void assign()}>
        {orderIds.length === 1 ? 'Assign' : 'Assign all'}
      </Button>
    </div>
  );
}

export default function DeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const day = params.get('day') || nairobiDateKey(new Date());
  const query = useQuery({
    queryKey: ['admin', 'deliveries', day],
    queryFn: () => adminApi.deliveries(day),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader
        title="Deliveries"
        description="Paid orders to deliver, by zone, nearest first from the shop. Phone numbers are in full for the riders."
        actions={
          <>
            <a href={deliverySheetUrl('packing-slips', { day })} target="_blank" rel="noreferrer" className={buttonClasses('outline')}>
              Print packing slips
            </a>
            <a href={deliverySheetUrl('route-sheet', { day })} target="_blank" rel="noreferrer" className={buttonClasses('outline')}>
              Print route sheet
            </a>
          </>
        }
      />
      <div className="mb-4 max-w-xs">
        <Label htmlFor="deliveries-day">Day</Label>
        <Input
          id="deliveries-day"
          type="date"
          value={day}
          onChange={(e) => e.currentTarget.value && setParams({ day: e.currentTarget.value })}
        />
      </div>
      <QueryState query={query} what="the deliveries">
        {({ groups, riders }) =>
          groups.length === 0 ? (
            <EmptyState title="Nothing to deliver on this day" />
          ) : (
            <div className="space-y-8">
              {riders.length === 0 && <p className="text-sm text-slate-700">No riders yet: the owner adds them under Staff and riders.</p>}
              {groups.map((g, gi) => (
                <section key={`${g.slot}-${g.zoneName}`} aria-labelledby={`group-${gi}`}>
                  <h2 id={`group-${gi}`} className="text-lg font-semibold text-slate-900">
                    {g.slot} · {g.zoneName} <span className="font-normal text-slate-600">({g.stops.length})</span>
                  </h2>
                  {riders.length > 0 && (
                    <AssignControl
                      id={`group-rider-${gi}`}
                      label={`Rider for all of ${g.zoneName}`}
                      orderIds={g.stops.map((s) => s.orderId)}
                      riders={riders}
                    />
                  )}
                  <ol className="mt-3 space-y-3">
                    {g.stops.map((s, i) => (
                      <DeliveryStopCard key={s.orderId} stop={s} position={i + 1}>
                        {riders.length > 0 && (
                          <AssignControl
                            id={`rider-${s.orderId}`}
                            label={`Rider for #${s.orderNumber}`}
                            orderIds={[s.orderId]}
                            riders={riders}
                            current={s.rider?.id}
                          />
                        )}
                      </DeliveryStopCard>
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          )
        }
      </QueryState>
    </>
  );
}
