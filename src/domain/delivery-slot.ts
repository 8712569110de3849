// Which delivery day and time a paid order belongs to on the deliveries screen and the rider's
// list: its chosen delivery window ('Thu 27 Nov, 10:00–12:00'), packed and carried with the other
// orders of that window. An order without one (placed before windows existed, or in a zone without
// windows) goes by when it was expected at the door: paid at + the zone's minutes.
import { formatDate } from './dates';
import { DEFAULT_ZONE_MINUTES } from './delivery-fee';
import { formatSlot, formatWindowTime } from './delivery-slots';
import { nairobiDateKey, nairobiDayStart } from './nairobi-days';
import { nairobiParts } from './peak-hours';

export interface DeliverySlot {
  /** The Nairobi date, '2026-11-27'. */
  day: string;
  /** The group the order is packed and carried with: its window, or its whole day without one. */
  group: string;
  /** When it is expected: 'Thu 27 Nov, 10:00–12:00', or '27 Nov 2026, around 14:05'. */
  label: string;
  /** The time of day alone, for a rider's SMS: '10:00–12:00', or 'around 14:05'. */
  time: string;
  /** When the group starts (sorts the groups). */
  startsAt: Date;
}

export interface OrderWindowTimes {
  /** 'YYYY-MM-DD', Nairobi. */
  date: string;
  startMinute: number;
  endMinute: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function deliverySlot(order: { paidAt: Date; estimatedDeliveryMins: number | null; window: OrderWindowTimes | null }): DeliverySlot {
  const w = order.window;
  if (w) {
    const label = formatSlot(w.date, w.startMinute, w.endMinute);
    const time = formatWindowTime(w);
    return { day: w.date, group: label, label, time, startsAt: new Date(nairobiDayStart(w.date).getTime() + w.startMinute * 60_000) };
  }
  const minutes = order.estimatedDeliveryMins && order.estimatedDeliveryMins > 0 ? order.estimatedDeliveryMins : DEFAULT_ZONE_MINUTES;
  const expected = new Date(order.paidAt.getTime() + minutes * 60_000);
  const { hour, minute } = nairobiParts(expected);
  const day = nairobiDateKey(expected);
  return {
    day,
    group: formatDate(expected),
    label: `${formatDate(expected)}, around ${pad(hour)}:${pad(minute)}`,
    time: `around ${pad(hour)}:${pad(minute)}`,
    startsAt: nairobiDayStart(day),
  };
}
