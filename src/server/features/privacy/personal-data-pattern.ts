// One customer's identifiers (name, email, every written form of her phone) as a single
// case-insensitive PostgreSQL pattern, to find and blank them inside free text and JSON.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** What replaces an identifier found inside a text or a JSON document. */
export const REMOVED = '[removed]';

/** Shorter strings would blank ordinary words ('Ann' in 'Announcement'): names of 3 characters or more only. */
const MIN_NEEDLE_LENGTH = 3;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** As the string is written inside a JSON document (a quote or backslash in a name is escaped there). */
const asJsonText = (s: string) => JSON.stringify(s).slice(1, -1);

/** The pattern for `needles`, longest first ('+254…' before '254…'), each whole; null when there is nothing to look for. */
export function personalPattern(needles: readonly string[]): string | null {
  const unique = [...new Set(needles.map((n) => n.trim()).filter((n) => n.length >= MIN_NEEDLE_LENGTH))];
  const forms = [...new Set(unique.flatMap((n) => [n, asJsonText(n)]))].sort((a, b) => b.length - a.length);
  // Never inside a longer word or number: 'Ann' leaves 'channel' alone, one phone leaves a longer one.
  return forms.length === 0 ? null : `(?<![[:alnum:]])(?:${forms.map(escapeRegex).join('|')})(?![[:alnum:]])`;
}

/** True where the text column holds one of the identifiers. */
export const textHolds = (column: AnyPgColumn | SQL, pattern: string): SQL => sql`${column} ~* ${pattern}`;

/** True where the JSON column's text holds one of the identifiers. */
export const jsonHolds = (column: AnyPgColumn, pattern: string): SQL => sql`${column}::text ~* ${pattern}`;

/** The text column with every identifier replaced. */
export const blankedText = (column: AnyPgColumn, pattern: string): SQL => sql`regexp_replace(${column}, ${pattern}, ${REMOVED}, 'gi')`;

/** The JSON column with every identifier replaced inside its strings. */
export const blankedJson = (column: AnyPgColumn, pattern: string): SQL =>
  sql`regexp_replace(${column}::text, ${pattern}, ${REMOVED}, 'gi')::jsonb`;
