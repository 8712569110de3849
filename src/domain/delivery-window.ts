// When a paid order should reach the customer: the zone's delivery time from the moment it was paid,
// and in the lunch and dinner rushes up to PEAK_EXTRA_MINUTES more (the checkout's peak-hour notice).
import { DEFAULT_ZONE_MINUTES } from './delivery-fee';
import { isPeakHour, nairobiParts } from './peak-hours';

/** The most a peak hour adds ('deliveries may take 10-15 min longer'). */
const PEAK_EXTRA_MINUTES = 15;

export interface DeliveryWindow {
  earliest: Date;
  latest: Date;
  peak: boolean;
}

export function deliveryWindow(paidAt: Date, zoneMinutes: number | null): DeliveryWindow {
  const minutes = zoneMinutes && zoneMinutes > 0 ? zoneMinutes : DEFAULT_ZONE_MINUTES;
  const peak = isPeakHour(paidAt);
  const earliest = new Date(paidAt.getTime() + minutes * 60_000);
  const latest = new Date(earliest.getTime() + (peak ? PEAK_EXTRA_MINUTES : 0) * 60_000);
  return { earliest, latest, peak };
}

/** '14:05', Nairobi time. */
function nairobiClock(at: Date): string {
  const { hour, minute } = nairobiParts(at);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** 'around 14:05', or 'between 14:05 and 14:20' in a peak hour. */
export function describeDeliveryWindow(w: DeliveryWindow): string {
  const from = nairobiClock(w.earliest);
  return w.latest.getTime() > w.earliest.getTime() ? `between ${from} and ${nairobiClock(w.latest)}` : `around ${from}`;
}
