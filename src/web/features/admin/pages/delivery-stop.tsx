// One delivery stop as the deliveries screen and the rider's list show it: who, where (address,
// house, directions, a map link), the full phone with a Call link, what to bring, and when. On a
// phone held in one hand every link and button is a finger's 44 px and names its stop
// ('Call for #1a2b3c4d'), so a screen reader's list of buttons tells the stops apart.
import { MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPhone, toE164Phone } from '@/domain/phone';
import { Badge } from '@/web/components/ui/badge';
import { buttonClasses } from '@/web/components/ui/button-classes';
import type { DeliveryStopView } from '../admin-api';

/** A label that shows its word and, for a screen reader, which stop it is for: 'Map' · 'Map for #1a2b3c4d'. */
export function ForStop({ label, stop, joiner = ' for' }: { label: string; stop: Pick<DeliveryStopView, 'orderNumber'>; joiner?: string }) {
  return (
    <>
      {label}
      <span className="sr-only">
        {joiner} #{stop.orderNumber}
      </span>
    </>
  );
}

export function DeliveryStopCard({ stop: s, position, children }: { stop: DeliveryStopView; position: number; children?: ReactNode }) {
  const e164 = toE164Phone(s.phone);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Stop ${position}: order #${s.orderNumber}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          {position}. {s.customerName} <span className="font-normal text-slate-600">· #{s.orderNumber}</span>
        </h3>
        <span className="flex flex-wrap gap-1">
          {s.late && <Badge tone="warning">Late</Badge>}
          {s.fulfilmentStatus === 'out_for_delivery' && <Badge tone="info">On the way</Badge>}
          {s.collectCents !== null && <Badge tone="warning">Pay on delivery</Badge>}
          {s.rider && <Badge tone="brand">Rider: {s.rider.name}</Badge>}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">Expected {s.expected}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Address</dt>
        <dd className="break-words text-slate-900">{s.address}</dd>
        {s.house && (
          <>
            <dt className="font-medium text-slate-700">House</dt>
            <dd className="break-words text-slate-900">{s.house}</dd>
          </>
        )}
        {s.directions && (
          <>
            <dt className="font-medium text-slate-700">Directions</dt>
            <dd className="break-words text-slate-900">{s.directions}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">Phone</dt>
        <dd className="text-slate-900">{e164 ? formatPhone(e164) : s.phone}</dd>
        <dt className="font-medium text-slate-700">Items</dt>
        <dd className="text-slate-900">{s.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</dd>
      </dl>
      {s.collectedBy && <p className="mt-2 text-sm font-medium text-green-800">Paid on delivery ({s.collectedBy}): hand it over.</p>}
      {s.notDelivered && <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">Could not deliver: {s.notDelivered}</p>}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href={`tel:${e164 ?? s.phone}`} className={buttonClasses('outline', 'tall')}>
          <Phone aria-hidden="true" className="h-4 w-4" />
          <ForStop label="Call" stop={s} />
        </a>
        <a href={s.mapUrl} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'tall')}>
          <MapPin aria-hidden="true" className="h-4 w-4" />
          <ForStop label="Map" stop={s} />
        </a>
      </div>
      {children}
    </li>
  );
}
