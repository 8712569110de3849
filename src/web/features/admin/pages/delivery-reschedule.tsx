// A stop's new delivery time, chosen by the staff (after 'Could not deliver', or agreed on the
// phone), on the deliveries screen and on the order page: the zone's windows as checkout lists them, loaded when asked for; a full one cannot be
// chosen. The server takes the place under the window's lock and says so if it filled meanwhile.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { api, call } from '@/web/lib/api-client';
import type { DeliveryStopView } from '../admin-api';

type Stop = Pick<DeliveryStopView, 'orderId' | 'orderNumber'>;
import { useAdminAction } from '../hooks/use-admin-action';

const stopApi = api.admin.deliveries[':id'].reschedule;
const slotKey = (s: { windowId: string; date: string }) => `${s.windowId}|${s.date}`;

function SlotChoice({ stop, onDone }: { stop: Stop; onDone: () => void }) {
  const run = useAdminAction();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['admin', 'deliveries', 'reschedule', stop.orderId],
    queryFn: () => call(stopApi.$get({ param: { id: stop.orderId } })),
    staleTime: 0,
  });
  const slot = query.data?.slots.find((s) => slotKey(s) === chosen);
  const id = `new-time-${stop.orderId}`;
  if (query.isPending) return <p className="mt-2 text-sm text-slate-700">Loading the delivery times…</p>;
  if (!query.data) return <p className="mt-2 text-sm text-red-700">The delivery times could not be loaded. Please try again.</p>;
  const save = async () => {
    if (!slot) return;
    setBusy(true);
    const done = await run(
      () => call(stopApi.$post({ param: { id: stop.orderId }, json: { windowId: slot.windowId, date: slot.date } })),
      (r) => `Order #${stop.orderNumber} moved to ${r.window}.${r.riderTold ? ' The rider was told not to deliver it now.' : ''}`,
    );
    setBusy(false);
    if (done) onDone();
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={id}>New time for #{stop.orderNumber}</Label>
        <select
          id={id}
          value={chosen}
          onChange={(e) => setChosen(e.currentTarget.value)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 max-sm:h-11"
        >
          <option value="">Choose a time</option>
          {query.data.slots.map((s) => (
            <option key={slotKey(s)} value={slotKey(s)} disabled={s.full}>
              {s.full ? `${s.label} (full)` : s.label}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" disabled={busy || !slot} onClick={() => void save()}>
        Move to this time
      </Button>
    </div>
  );
}

export function RescheduleStop({ stop }: { stop: Stop }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3">
      <Button variant="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Keep the time' : `New time for #${stop.orderNumber}`}
      </Button>
      {open && <SlotChoice stop={stop} onDone={() => setOpen(false)} />}
    </div>
  );
}
