// Checkout's window picker shows days first, then the chosen day's times: the slots grouped by
// date, each day named as a customer says it ('Today', 'Tomorrow', 'Wed 2 Dec'), all in Nairobi time.
import { formatDate } from './dates';
import { clock24 } from './business-hours';
import type { DeliverySlot } from './delivery-slots';
import { nairobiDateKey, nairobiDayStart } from './nairobi-days';
import { nairobiParts } from './peak-hours';

export interface SlotDay {
  /** 'YYYY-MM-DD', Nairobi. */
  date: string;
  /** 'Today', 'Tomorrow' or 'Wed 2 Dec'. */
  name: string;
  slots: DeliverySlot[];
  /** Every window of the day is full. */
  full: boolean;
}

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_MS = 86_400_000;

/** 'Today', 'Tomorrow' or 'Wed 2 Dec' for a Nairobi date seen at `now`. */
export function dayName(date: string, now: Date): string {
  const start = nairobiDayStart(date);
  const days = Math.round((start.getTime() - nairobiDayStart(nairobiDateKey(now)).getTime()) / DAY_MS);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `${SHORT_DAYS[nairobiParts(start).weekday]!} ${formatDate(start).replace(/ \d{4}$/, '')}`;
}

/** The slots by day, in the order given (soonest first). */
export function slotDays(slots: readonly DeliverySlot[], now: Date): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const last = days.at(-1);
    if (last?.date === slot.date) last.slots.push(slot);
    else days.push({ date: slot.date, name: dayName(slot.date, now), slots: [slot], full: false });
  }
  return days.map((d) => ({ ...d, full: d.slots.every((s) => s.full) }));
}

/** '10:00–12:00': a slot's time of day alone, as the picker lists it under its day. */
export const slotTime = (slot: Pick<DeliverySlot, 'startMinute' | 'endMinute'>) =>
  `${clock24(slot.startMinute)}–${clock24(slot.endMinute)}`;
