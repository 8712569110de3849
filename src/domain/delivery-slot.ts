// Which delivery day and time a paid order belongs to on the deliveries screen and the rider's
// list: the day and time it is expected at the customer's door (paid at + the zone's minutes,
// delivery-window.ts). One function, so a chosen delivery window can take its place.
import { formatDate } from './dates';
import { deliveryWindow } from './delivery-window';
import { nairobiDateKey, nairobiDayStart } from './nairobi-days';
import { nairobiParts } from './peak-hours';

export interface DeliverySlot {
  /** The Nairobi date, '2026-11-27'. */
  day: string;
  /** The group the order is packed and carried with: for now its whole day, '27 Nov 2026'. */
  group: string;
  /** When it is expected: '27 Nov 2026, around 14:05'. */
  label: string;
  /** When the group starts (sorts the groups): for now the start of the day. */
  startsAt: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function deliverySlot(order: { paidAt: Date; estimatedDeliveryMins: number | null }): DeliverySlot {
  const { earliest } = deliveryWindow(order.paidAt, order.estimatedDeliveryMins);
  const { hour, minute } = nairobiParts(earliest);
  const day = nairobiDateKey(earliest);
  return {
    day,
    group: formatDate(earliest),
    label: `${formatDate(earliest)}, around ${pad(hour)}:${pad(minute)}`,
    startsAt: nairobiDayStart(day),
  };
}
