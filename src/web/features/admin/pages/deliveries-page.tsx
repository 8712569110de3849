// /admin/deliveries: a day's paid orders to deliver, grouped by delivery slot and zone, each group
// in route order from the shop, with the packing slips and route sheet to print and the riders to
// give stops to (one order, the stops ticked, or a whole group at once: the rider gets one SMS of
// their list), 'On my way' for a shop that delivers without riders, a new time for a stop, and each
// rider's own route sheet. Orders collected at the shop are listed apart, never given to a rider.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { Button } from '@/web/components/ui/button';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { adminApi, deliverySheetUrl, type DeliveriesView } from '../admin-api';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useAdminAction } from '../hooks/use-admin-action';
import { CheckboxField } from '../components/form-field';
import { DeliveryStopCard } from './delivery-stop';
import { OnMyWayButton } from './on-my-way-button';
import { RescheduleStop } from './delivery-reschedule';
import { RiderSheetLink } from './rider-sheet-link';
import { PickupsList } from './pickups-list';

type Rider = DeliveriesView['riders'][number];

/** A rider to give the orders to, and the button that does it. */
function AssignControl({
  id,
  label,
  orderIds,
  riders,
  current,
  action,
  onAssigned,
}: {
  id: string;
  label: string;
  orderIds: string[];
  riders: Rider[];
  current?: string;
  /** The button's words; by default 'Assign' for one order, 'Assign all' for a group. */
  action?: string;
  onAssigned?: () => void;
}) {
  const run = useAdminAction();
  const [riderId, setRiderId] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const rider = riders.find((r) => r.id === riderId);
  const assign = async () => {
    setBusy(true);
    const done = await run(
      () => adminApi.assignRider(orderIds, riderId || null),
      (r) =>
        rider
          ? `${r.assigned === 1 ? 'Order' : `${r.assigned} orders`} given to ${rider.name}.${r.smsQueued ? ' They get an SMS of the stops.' : ''}`
          : 'Rider taken off.',
    );
    setBusy(false);
    if (done) onAssigned?.();
  };
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <select
          id={id}
          value={riderId}
          onChange={(e) => setRiderId(e.currentTarget.value)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 max-sm:h-11"
        >
          <option value="">No rider</option>
          {riders.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" disabled={busy || orderIds.length === 0} onClick={() => void assign()}>
        {action ?? (orderIds.length === 1 ? 'Assign' : 'Assign all')}
      </Button>
    </div>
  );
}

/** The stops ticked on the screen, given to one rider at once: one SMS of their list. */
function ChosenStops({ chosen, riders, clear }: { chosen: string[]; riders: Rider[]; clear: () => void }) {
  return (
    <section aria-labelledby="chosen-stops" className="rounded-lg border border-brand-200 bg-brand-50 p-3">
      <h2 id="chosen-stops" className="font-semibold text-slate-900">
        {chosen.length === 0 ? 'No stops ticked' : `${chosen.length} ${chosen.length === 1 ? 'stop' : 'stops'} ticked`}
      </h2>
      <p className="text-sm text-slate-700">Tick stops below to give them to one rider together; the rider gets one SMS of their list.</p>
      <AssignControl
        id="chosen-rider"
        label="Rider for the ticked stops"
        orderIds={chosen}
        riders={riders}
        action="Assign ticked"
        onAssigned={clear}
      />
    </section>
  );
}

/** Each rider's route sheet of the day: their stops in route order, to print or open on the phone. */
function RiderSheets({ riders, day }: { riders: Rider[]; day: string }) {
  return (
    <section aria-labelledby="rider-sheets">
      <h2 id="rider-sheets" className="font-semibold text-slate-900">
        Route sheet per rider
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {riders.map((r) => (
          <li key={r.id}>
            <RiderSheetLink label={`Route sheet: ${r.name}`} day={day} riderId={r.id} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function DeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (orderId: string, on: boolean) =>
    setChosen((c) => (on ? [...c.filter((x) => x !== orderId), orderId] : c.filter((x) => x !== orderId)));
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
            <Link to={`/admin/packing?day=${encodeURIComponent(day)}`} className={buttonClasses()}>
              Pack orders
            </Link>
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
          onChange={(e) => {
            if (!e.currentTarget.value) return;
            setParams({ day: e.currentTarget.value });
            setChosen([]);
          }}
        />
      </div>
      <QueryState query={query} what="the deliveries">
        {({ groups, riders, pickups }) =>
          groups.length === 0 && pickups.length === 0 ? (
            <EmptyState title="Nothing to deliver on this day" />
          ) : (
            <div className="space-y-8">
              <PickupsList pickups={pickups} />
              {riders.length === 0 && <p className="text-sm text-slate-700">No riders yet: the owner adds them under Staff and riders.</p>}
              {riders.length > 0 && <RiderSheets riders={riders} day={day} />}
              {riders.length > 0 && <ChosenStops chosen={chosen} riders={riders} clear={() => setChosen([])} />}
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
                        <OnMyWayButton stop={s} send={adminApi.staffOnMyWay} className="mt-2" />
                        <RescheduleStop stop={s} />
                        {riders.length > 0 && (
                          <>
                            <div className="mt-3">
                              <CheckboxField
                                id={`choose-${s.orderId}`}
                                label={`Tick #${s.orderNumber} to give with others`}
                                checked={chosen.includes(s.orderId)}
                                onChange={(e) => toggle(s.orderId, e.currentTarget.checked)}
                              />
                            </div>
                            <AssignControl
                              id={`rider-${s.orderId}`}
                              label={`Rider for #${s.orderNumber}`}
                              orderIds={[s.orderId]}
                              riders={riders}
                              current={s.rider?.id}
                            />
                          </>
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
