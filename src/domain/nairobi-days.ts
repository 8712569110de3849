// Calendar days in Nairobi time (UTC+3 all year) for reports and date filters: "today" on the
// dashboard and "from 2025-03-01 to 2025-03-05" in a filter both mean Nairobi days, whatever the
// server's or browser's own time zone.
import { formatDate, parseDate } from './dates';
import { NAIROBI_OFFSET_MS, nairobiParts } from './peak-hours';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** '2025-03-05': the Nairobi calendar date of an instant. */
export function nairobiDateKey(at: Date): string {
  const { year, month, day } = nairobiParts(at);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The instant a Nairobi calendar day starts; throws on anything but a real YYYY-MM-DD date. */
export function nairobiDayStart(dateKey: string): Date {
  const match = DATE_KEY.exec(dateKey);
  if (!match) throw new RangeError(`Not a date: "${dateKey}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a date: "${dateKey}"`);
  }
  return new Date(utcMidnight - NAIROBI_OFFSET_MS);
}

/** Half-open [start, end) covering whole Nairobi days from `from` to `to` inclusive. */
export function nairobiDayRange(from: string, to: string): { start: Date; end: Date } {
  return { start: nairobiDayStart(from), end: new Date(nairobiDayStart(to).getTime() + DAY_MS) };
}

/** The last `count` Nairobi dates up to and including today, oldest first. */
export function lastNairobiDays(now: Date, count: number): string[] {
  const today = nairobiDayStart(nairobiDateKey(now)).getTime();
  return Array.from({ length: count }, (_, i) => nairobiDateKey(new Date(today - (count - 1 - i) * DAY_MS)));
}

/** '5 Mar 2025, 14:05' in Nairobi time: what the back office shows for an event. */
export function formatNairobiDateTime(at: Date | string): string {
  const date = parseDate(at);
  const { hour, minute } = nairobiParts(date);
  return `${formatDate(date)}, ${pad(hour)}:${pad(minute)}`;
}
