// eTIMS dates are Nairobi local time (UTC+3 all year): requests use yyyyMMdd and yyyyMMddHHmmss;
// lookups answer '2026-09-18 11:00:36.0' or '2026-09-18 03:00:00' as well.
import { NAIROBI_OFFSET_MS } from '@/domain/peak-hours';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** yyyyMMddHHmmss in Nairobi time. */
export function kraDateTime(at: Date): string {
  const t = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
}

/** yyyyMMdd in Nairobi time. */
export function kraDate(at: Date): string {
  return kraDateTime(at).slice(0, 8);
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/;
const DASHED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/** Reads any of KRA's date formats as Nairobi time; null when it is none of them or not a real date. */
export function parseKraDateTime(value: string): Date | null {
  const m = COMPACT.exec(value.trim()) ?? DASHED.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(utc - NAIROBI_OFFSET_MS);
}
