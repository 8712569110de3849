// The date range and grouping of a sales report, in Nairobi days (UTC+3 all year): the same rule for
// the back office's form and the server that answers it. A week starts on Monday.
import { formatDate } from './dates';
import { nairobiDateKey, nairobiDayRange, nairobiDayStart } from './nairobi-days';

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_GROUPING_LABELS: Readonly<Record<ReportGrouping, string>> = { day: 'Day', week: 'Week', month: 'Month' };

/** A year and a day: a whole year compared with itself, and never a scan of the shop's whole history. */
const MAX_REPORT_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const REPORT_RANGE_MESSAGES = {
  notADate: 'Pick dates as YYYY-MM-DD (for example 2025-03-01).',
  backwards: 'The start date must be on or before the end date.',
  tooLong: `Pick a range of at most ${MAX_REPORT_DAYS} days.`,
  notAMonth: 'Pick a month as YYYY-MM (for example 2025-03).',
} as const;

export interface ReportRange {
  from: string;
  to: string;
  /** Half-open [start, end): from the first day's Nairobi midnight to the one after the last day. */
  start: Date;
  end: Date;
}

const isDateKey = (text: string) => {
  try {
    nairobiDayStart(text);
    return true;
  } catch {
    return false;
  }
};

/** The range from `from` to `to` inclusive, or the message to show when it is not one. */
export function parseReportRange(from: string, to: string): ReportRange | { error: string } {
  if (!isDateKey(from) || !isDateKey(to)) return { error: REPORT_RANGE_MESSAGES.notADate };
  const { start, end } = nairobiDayRange(from, to);
  if (end.getTime() <= start.getTime()) return { error: REPORT_RANGE_MESSAGES.backwards };
  if ((end.getTime() - start.getTime()) / DAY_MS > MAX_REPORT_DAYS) return { error: REPORT_RANGE_MESSAGES.tooLong };
  return { from, to, start, end };
}

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** '2025-03' → its first and last days; null when it is not a month. */
export function monthDays(month: string): { from: string; to: string } | null {
  const match = MONTH_KEY.exec(month);
  if (!match) return null;
  const [year, m] = [Number(match[1]), Number(match[2])];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const utcDay = (dateKey: string) => new Date(`${dateKey}T00:00:00Z`);
const keyOf = (d: Date) => d.toISOString().slice(0, 10);

/** The period a Nairobi date falls in: the date, its week's Monday, or 'YYYY-MM'. */
export function periodKey(dateKey: string, by: ReportGrouping): string {
  if (by === 'day') return dateKey;
  if (by === 'month') return dateKey.slice(0, 7);
  const day = utcDay(dateKey);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return keyOf(new Date(day.getTime() - sinceMonday * DAY_MS));
}

/** Every period the range touches, oldest first: a day without sales still has its row. */
export function periodsIn(range: Pick<ReportRange, 'from' | 'to'>, by: ReportGrouping): string[] {
  const keys: string[] = [];
  const last = utcDay(range.to).getTime();
  for (let t = utcDay(range.from).getTime(); t <= last; t += DAY_MS) {
    const key = periodKey(keyOf(new Date(t)), by);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

/** '5 Mar 2025', 'Week of 3 Mar 2025' or 'March 2025'. */
export function periodLabel(key: string, by: ReportGrouping): string {
  if (by === 'month') return `${MONTHS[Number(key.slice(5, 7)) - 1] ?? ''} ${key.slice(0, 4)}`;
  const label = formatDate(nairobiDayStart(key));
  return by === 'week' ? `Week of ${label}` : label;
}

/** The Nairobi month before `now`'s, 'YYYY-MM': the month a VAT return is filed for. */
export function previousNairobiMonth(now: Date): string {
  const [year, month] = nairobiDateKey(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
