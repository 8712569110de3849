// The shop's opening hours: an editable shop setting (one entry per weekday), shown in the footer and
// on the contact page grouped as 'Monday to Friday: 9:00 AM-6:00 PM', and given to search engines as
// schema.org openingHoursSpecification on the home page. Delivery windows must lie inside them.
import { nairobiDateKey, nairobiDayStart } from './nairobi-days';
import { nairobiParts } from './peak-hours';

export interface OpeningHours {
  /** As the footer shows it. */
  days: string;
  hours: string;
  /** schema.org day names and 24-hour times; empty when closed. */
  dayOfWeek: readonly string[];
  opens?: string;
  closes?: string;
}

/** One day's hours in minutes after midnight (Nairobi time), or null when the shop is closed. */
export type DayHours = { opens: number; closes: number } | null;

/** Index 0 is Sunday … 6 Saturday, like Date#getDay. */
export type WeekHours = readonly DayHours[];

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours the shop opened with: Monday to Friday 9:00 AM-6:00 PM, Saturday 9:00 AM-2:00 PM, Sunday closed. */
export const DEFAULT_WEEK_HOURS: WeekHours = [
  null,
  { opens: 540, closes: 1080 },
  { opens: 540, closes: 1080 },
  { opens: 540, closes: 1080 },
  { opens: 540, closes: 1080 },
  { opens: 540, closes: 1080 },
  { opens: 540, closes: 840 },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** '09:00' from 540. */
export function clock24(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** '9:00 AM' from 540, '12:30 PM' from 750. */
export function clock12(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${pad(minutes % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 540 from '09:00' or '9:00'; null for anything else ('24:00' is allowed as the end of a day). */
export function parseClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (minute > 59 || hour > 24 || (hour === 24 && minute > 0)) return null;
  return hour * 60 + minute;
}

const sameHours = (a: DayHours, b: DayHours) => (a === null ? b === null : b !== null && a.opens === b.opens && a.closes === b.closes);

/** The footer's lines: Monday first, neighbouring days with the same hours as one line. */
export function openingHoursLines(week: WeekHours): OpeningHours[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const lines: OpeningHours[] = [];
  let i = 0;
  while (i < order.length) {
    const first = order[i]!;
    const hours = week[first] ?? null;
    let j = i;
    while (j + 1 < order.length && sameHours(week[order[j + 1]!] ?? null, hours)) j++;
    const days = order.slice(i, j + 1).map((d) => WEEKDAY_NAMES[d]!);
    const label = days.length === 1 ? days[0]! : `${days[0]!} to ${days[days.length - 1]!}`;
    lines.push(
      hours
        ? {
            days: label,
            hours: `${clock12(hours.opens)}-${clock12(hours.closes)}`,
            dayOfWeek: days,
            opens: clock24(hours.opens),
            closes: clock24(hours.closes),
          }
        : { days: label, hours: 'Closed', dayOfWeek: [] },
    );
    i = j + 1;
  }
  return lines;
}

export const OPENING_HOURS: readonly OpeningHours[] = openingHoursLines(DEFAULT_WEEK_HOURS);

/** Whether the shop is open at this instant (Nairobi time). */
export function isOpenAt(at: Date, week: WeekHours): boolean {
  const { weekday, hour, minute } = nairobiParts(at);
  const today = week[weekday];
  const now = hour * 60 + minute;
  return !!today && now >= today.opens && now < today.closes;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next instant the shop opens after `at` (within a week), or null when it is never open. */
export function nextOpening(at: Date, week: WeekHours): Date | null {
  const todayStart = nairobiDayStart(nairobiDateKey(at)).getTime();
  for (let d = 0; d <= 7; d++) {
    const dayStart = todayStart + d * DAY_MS;
    const hours = week[nairobiParts(new Date(dayStart)).weekday];
    if (!hours) continue;
    const opens = new Date(dayStart + hours.opens * 60_000);
    if (opens.getTime() > at.getTime()) return opens;
  }
  return null;
}

/** What is wrong with a week of hours, or null: each open day opens before it closes, within the day. */
export function weekHoursProblem(week: WeekHours): string | null {
  if (week.length !== 7) return 'Give the hours of all seven days.';
  for (const [weekday, hours] of week.entries()) {
    if (!hours) continue;
    const ok = Number.isInteger(hours.opens) && Number.isInteger(hours.closes) && hours.opens >= 0 && hours.closes <= 1440;
    if (!ok || hours.closes <= hours.opens) return `${WEEKDAY_NAMES[weekday]!}: the shop must open before it closes.`;
  }
  return null;
}
