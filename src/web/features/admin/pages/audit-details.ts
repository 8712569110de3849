// An audit row's details as one readable line: 'reason: Spoiled · quantity: -2' rather than raw JSON.
// Money is stored as integer cents under a `...Cents` key and shown as KES under the plain name
// ('price: KES 1,200.00'); a change shows as 'from → to'.
import { formatKES, isCents } from '@/domain/money';

const MAX_CHARS = 300;

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  if (!value || typeof value !== 'object') return false;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes('from') && keys.includes('to');
}

/** 'price' for priceCents holding whole cents (or a change of them); otherwise the key as stored. */
function label(key: string, value: unknown): string {
  const name = key.slice(0, -'Cents'.length);
  if (!key.endsWith('Cents') || !name) return key;
  const money = isChange(value) ? isCents(value.from) && isCents(value.to) : isCents(value);
  return money ? name : key;
}

function valueText(key: string, value: unknown): string {
  if (key.endsWith('Cents') && isCents(value)) return formatKES(value);
  if (typeof value === 'string') return value;
  if (isChange(value)) return `${valueText(key, value.from)} → ${valueText(key, value.to)}`;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return `(${entriesText(Object.entries(value), ', ')})`;
  }
  return JSON.stringify(value) ?? String(value);
}

function entriesText(entries: [string, unknown][], separator: string): string {
  return entries.map(([key, value]) => `${key ? `${label(key, value)}: ` : ''}${valueText(key, value)}`).join(separator);
}

/** The details of one audit row as text, cut at 300 characters. */
export function auditDetailsText(details: unknown): string {
  if (details === null || details === undefined) return '';
  const entries = typeof details === 'object' && !Array.isArray(details) ? Object.entries(details) : [['', details] as [string, unknown]];
  const text = entriesText(entries, ' · ');
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}
