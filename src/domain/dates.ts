// Dates are shown in Nairobi time with a fixed English month table, so server
// rendering, browsers and tests all print the same text (no Intl, no locale).
import { nairobiParts } from './peak-hours';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Date objects pass through; strings are ISO-like. A timestamp string without
 * a zone ("2026-03-05 10:00:00") is read as UTC rather than runtime-local, and
 * Postgres's short offsets ("+03") are widened to "+03:00".
 */
export function parseDate(d: Date | string): Date {
  let date: Date;
  if (typeof d === 'string') {
    let text = d.trim().replace(/^(\d{4}-\d{2}-\d{2})[ T]/, '$1T');
    if (/T[\d:.]+$/.test(text)) text += 'Z';
    text = text.replace(/(T[\d:.]+[+-]\d{2})$/, '$1:00');
    date = new Date(text);
  } else {
    date = d;
  }
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  return date;
}

/** '24 Nov 2026': the one way the storefront, the back office and mail show a day. */
export function formatDate(d: Date | string): string {
  const { year, month, day } = nairobiParts(parseDate(d));
  return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** '5 minutes ago'; future times (clock skew) read as 'just now'. Months are 30 days. */
export function relativeTime(d: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - parseDate(d).getTime();
  if (Number.isNaN(elapsed)) throw new RangeError('Invalid date');
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return ago(days, 'day');
  const months = Math.floor(days / 30);
  if (months < 12) return ago(months, 'month');
  return ago(Math.max(1, Math.floor(days / 365)), 'year');
}
