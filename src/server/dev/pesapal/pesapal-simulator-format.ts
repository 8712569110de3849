// The simulator's small helpers: .NET-like JSON and dates as Pesapal writes them, query strings,
// billing details, masked numbers, random codes and tokens, HTML escaping.
import type { Context } from 'hono';
import { NAIROBI_OFFSET_MS } from '@/domain/peak-hours';
import type { BillingAddress } from '../../integrations/pesapal/pesapal-types';

/** Serialises .NET-like decimals (`10.00`) that JSON.stringify cannot produce. */
export class Decimal2 {
  constructor(readonly cents: number) {}
  toJSON(): string {
    return `@@dec2:${formatDecimal(this.cents)}@@`;
  }
}

export function toDotNetJson(body: unknown): string {
  return JSON.stringify(body).replace(/"@@dec2:(-?\d+\.\d{2})@@"/g, '$1');
}

function formatDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatMoney(cents: number): string {
  const [whole = '0', frac = '00'] = formatDecimal(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Number or numeric string > 0 with at most 2 decimals → cents, else null. */
export function parseAmountCents(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  const cents = Math.round(n * 100);
  if (Math.abs(n * 100 - cents) > 1e-6 || cents <= 0) return null;
  return cents;
}

/** UTC with 7 fractional digits, like .NET: 2024-03-18T08:23:21.1680000Z */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '0000Z');
}

/** EAT (UTC+3) local time without a zone, trailing fractional zeros trimmed: 2024-03-18T18:25:46.75 */
export function formatEat(ms: number): string {
  return new Date(ms + NAIROBI_OFFSET_MS).toISOString().replace(/\.?0*Z$/, '');
}

export function appendQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${query}${hash}`;
}

export function queryParam(c: Context, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of new URL(c.req.url).searchParams) {
    if (k.toLowerCase() === wanted) return v.trim();
  }
  return undefined;
}

export function pickBilling(b: Record<string, unknown>): BillingAddress {
  const keys = [
    'email_address',
    'phone_number',
    'country_code',
    'first_name',
    'middle_name',
    'last_name',
    'line_1',
    'line_2',
    'city',
    'state',
    'postal_code',
    'zip_code',
  ] as const;
  const out: BillingAddress = {};
  for (const k of keys) {
    const v = b[k];
    if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
    else if (typeof v === 'number') out[k] = String(v);
  }
  return out;
}

export function maskMsisdn(phone: string | null | undefined): string {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `254${digits.slice(1)}`;
  if (digits.length < 9) digits = '254700000000';
  return `${digits.slice(0, 4)}xxx${digits.slice(-5)}`;
}

export function makeJwt(consumerKey: string, issuedAt: number, expiresAt: number): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(issuedAt / 1000);
  const header = enc({ alg: 'HS256', typ: 'JWT' });
  const payload = enc({
    uid: consumerKey,
    jti: crypto.randomUUID(),
    nbf: iat,
    iat,
    exp: Math.floor(expiresAt / 1000),
    iss: 'http://pesapal-simulator/',
    aud: 'http://pesapal-simulator/',
  });
  return `${header}.${payload}.${randomBase64(32, true)}`;
}

export function randomBase64(bytes: number, url = false): string {
  const buf = Buffer.from(crypto.getRandomValues(new Uint8Array(bytes)));
  return buf.toString(url ? 'base64url' : 'base64');
}

export function randomDigits(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

export function randomMpesaReceipt(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `S${Array.from(bytes.slice(1), (b) => alphabet[b % alphabet.length]).join('')}`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A JS string literal safe inside <script>. */
export function scriptString(s: string): string {
  return JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function normaliseBasePath(p: string): string {
  const trimmed = p.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
