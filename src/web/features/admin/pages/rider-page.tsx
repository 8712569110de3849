// /admin/rider: a rider's own stops on their phone, in route order: call the customer, open the
// map, say 'On my way' (the customer is told who is coming and sees it live), and mark each stop
// delivered (the customer is told) or not delivered with a reason (the customer gets a link to pick
// a new time), and open their route sheet of the day. Made for one hand at 360 px:
// every control a full-width finger's 44 px, each named for its stop.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notDeliveredSchema } from '@/domain/back-office-forms';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { Button } from '@/web/components/ui/button';
import { adminApi, type DeliveryStopView } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';
import { DeliveryStopCard, ForStop } from './delivery-stop';
import { OnMyWayButton } from './on-my-way-button';
import { DoorPaymentActions } from './door-payment-actions';
import { RiderSheetLink } from './rider-sheet-link';

function StopActions({ stop, onPrompted }: { stop: DeliveryStopView; onPrompted(): void }) {
  const run = useAdminAction();
  const order = `#${stop.orderNumber}`;
  // An order to pay on delivery is handed over once its money is taken.
  const toCollect = stop.collectCents !== null;
  return (
    <div className="mt-2 grid grid-cols-2 gap-2">
      <OnMyWayButton stop={stop} send={adminApi.riderOnMyWay} className="col-span-2" />
      {toCollect && <DoorPaymentActions stop={stop} onPrompted={onPrompted} />}
      {!toCollect && (
        <ConfirmDialog
          trigger={
            <Button size="tall" variant={stop.fulfilmentStatus === 'out_for_delivery' ? 'default' : 'secondary'} className="w-full">
              <ForStop label="Delivered" stop={stop} joiner="" />
            </Button>
          }
          title={`Order ${order} delivered?`}
          description={`${stop.customerName} is told by SMS and mail that it has arrived.`}
          confirmLabel="Yes, delivered"
          confirmVariant="default"
          cancelLabel="Not yet"
          onConfirm={() => run(() => adminApi.markDelivered(stop.orderId), `Order ${order} delivered.`)}
        />
      )}
      <ReasonDialog
        trigger={
          <Button size="tall" variant="outline" className="w-full">
            <ForStop label="Could not deliver" stop={stop} joiner="" />
          </Button>
        }
        title={`Could not deliver order ${order}?`}
        description="The shop sees this at once, and the customer gets an SMS to pick a new time."
        confirmLabel="Could not deliver"
        cancelLabel="Back"
        field="reason"
        schema={notDeliveredSchema}
        id={`not-delivered-${stop.orderId}`}
        label="Why not?"
        hint="For example: nobody at home, phone off, wrong address."
        onSubmit={(reason) => run(() => adminApi.markNotDelivered(stop.orderId, reason), `Order ${order}: the shop has been told.`)}
      />
    </div>
  );
}

/** While a prompt waits for the customer's PIN, the list is read every few seconds so 'paid' shows soon after. */
const PROMPT_WATCH_MS = 90_000;

export default function RiderPage() {
  const [watchUntil, setWatchUntil] = useState(0);
  const query = useQuery({
    queryKey: ['admin', 'rider', 'stops'],
    queryFn: adminApi.riderStops,
    refetchInterval: () => (Date.now() < watchUntil ? 3_000 : 60_000),
  });
  const onPrompted = () => setWatchUntil(Date.now() + PROMPT_WATCH_MS);
  return (
    <>
      <PageHeader
        title="My stops"
        description="Your deliveries in route order, nearest first."
        actions={<RiderSheetLink label="Today's route sheet" day={nairobiDateKey(new Date())} tall />}
      />
      <QueryState query={query} what="your stops">
        {({ groups }) =>
          groups.length === 0 ? (
            <EmptyState title="No stops for you right now" />
          ) : (
            <div className="space-y-6">
              {groups.map((g) => (
                <section key={`${g.slot}-${g.zoneName}`} aria-label={`${g.slot}, ${g.zoneName}`}>
                  <h2 className="mb-2 text-lg font-semibold text-slate-900">
                    {g.slot} · {g.zoneName}
                  </h2>
                  <ol className="space-y-3">
                    {g.stops.map((s, i) => (
                      <DeliveryStopCard key={s.orderId} stop={s} position={i + 1}>
                        <StopActions stop={s} onPrompted={onPrompted} />
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
