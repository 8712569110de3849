// The back office's promotion form, shared by the browser form and the API: the same rules and the
// same messages on both sides. The API takes numbers (value: a whole percent or cents), the window as
// ISO times and weekdays as numbers; the form takes the text as typed (KES, Nairobi date-times from
// datetime-local inputs) and gives the API's body.
import { z } from 'zod';
import { formatKES, typedAmountToCents, type Cents } from './money';
import { NAIROBI_OFFSET_MS } from './peak-hours';
import { PROMOTION_KINDS, PROMOTION_SCOPES, normalizePromotionCode, type Promotion } from './promotions';
import { PRODUCT_LIMITS, requiredText } from './back-office-forms';

const MAX_LIMIT = 1_000_000;
const MAX_SCOPE_IDS = 200;
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,29}$/;
const CATEGORY_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// What a datetime-local input gives: '2026-12-04T08:00' (seconds optional).
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const PROMOTION_FORM_MESSAGES = {
  code: 'A code is 3 to 30 letters, digits or dashes, e.g. FISHFRIDAY (leave it empty for an automatic offer)',
  codeTaken: 'Another promotion already uses this code',
  nameRequired: 'Give the promotion a name',
  nameTooLong: 'Name must be 80 characters or fewer',
  kind: 'Choose what it gives: a percentage, a fixed amount or free delivery',
  percent: 'The percentage must be a whole number from 1 to 100',
  amount: 'The amount off must be KES like 100 or 99.50, more than 0 and at most KES 1,000,000',
  minimumSpend: 'Minimum spend must be an amount in KES like 1000, or empty for none',
  limit: 'A limit must be a whole number of 1 or more, or empty for no limit',
  dateTime: 'Give a date and time, or leave it empty',
  endBeforeStart: 'The end must be after the start',
  weekdays: 'Choose days from Sunday to Saturday',
  scope: 'Choose what it applies to: everything, products, variants or categories',
  scopeIds: {
    products: 'Choose at least one product',
    variants: 'Choose at least one variant',
    categories: 'Choose at least one category',
  },
  scopeId: 'One of the chosen items is not valid',
  unknownScopeIds: 'Some chosen items are no longer in the shop: choose again',
} as const;

const M = PROMOTION_FORM_MESSAGES;

const codeRule = z
  .string({ error: M.code })
  .transform(normalizePromotionCode)
  .pipe(z.union([z.literal(''), z.string().regex(CODE_PATTERN, { error: M.code })], { error: M.code }))
  .transform((code) => (code === '' ? null : code));

const limitRule = z.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(MAX_LIMIT, { error: M.limit });

const promotionBaseFields = {
  code: codeRule.nullable().transform((c) => c ?? null),
  name: requiredText(M.nameRequired, 80, M.nameTooLong),
  kind: z.enum(PROMOTION_KINDS, { error: M.kind }),
  firstOrderOnly: z.boolean().default(false),
  scope: z.enum(PROMOTION_SCOPES, { error: M.scope }).default('all'),
};

interface CheckedValues {
  kind: Promotion['kind'];
  value: number;
  startsAt: string | null;
  endsAt: string | null;
  scope: Promotion['scope'];
  scopeIds: string[];
}

/** The rules between fields: the value for its kind, the window's order, and the scope's choices. */
function promotionChecks(v: CheckedValues, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && !(Number.isInteger(v.value) && v.value >= 1 && v.value <= 100)) {
    ctx.addIssue({ code: 'custom', message: M.percent, path: ['value'] });
  }
  if (v.kind === 'fixed' && !(Number.isInteger(v.value) && v.value >= 1 && v.value <= PRODUCT_LIMITS.maxPriceCents)) {
    ctx.addIssue({ code: 'custom', message: M.amount, path: ['value'] });
  }
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
    ctx.addIssue({ code: 'custom', message: M.endBeforeStart, path: ['endsAt'] });
  }
  if (!(PROMOTION_SCOPES as readonly string[]).includes(v.scope) || v.scope === 'all') return;
  if (v.scopeIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: M.scopeIds[v.scope], path: ['scopeIds'] });
    return;
  }
  const pattern = v.scope === 'categories' ? CATEGORY_PATTERN : UUID_PATTERN;
  if (!v.scopeIds.every((id) => pattern.test(id))) ctx.addIssue({ code: 'custom', message: M.scopeId, path: ['scopeIds'] });
}

/** Stored as given, but free delivery's value is 0, ids are lower case, and 'all' keeps no ids. */
function tidy<T extends CheckedValues>(v: T): T {
  return {
    ...v,
    value: v.kind === 'free_delivery' ? 0 : v.value,
    scopeIds: v.scope === 'all' ? [] : [...new Set(v.scopeIds.map((id) => id.toLowerCase()))],
  };
}

const isoTime = z.iso.datetime({ offset: true, error: M.dateTime }).nullable().default(null);

/** POST /api/admin/promotions and PUT /api/admin/promotions/:id: the whole promotion. */
export const promotionSchema = z
  .object({
    ...promotionBaseFields,
    value: z.number({ error: M.percent }).default(0),
    minimumSpendCents: z
      .number({ error: M.minimumSpend })
      .int({ error: M.minimumSpend })
      .min(0, { error: M.minimumSpend })
      .max(PRODUCT_LIMITS.maxPriceCents, { error: M.minimumSpend })
      .default(0),
    perCustomerLimit: limitRule.nullable().default(null),
    totalLimit: limitRule.nullable().default(null),
    startsAt: isoTime,
    endsAt: isoTime,
    weekdays: z
      .array(z.number({ error: M.weekdays }).int({ error: M.weekdays }).min(0, { error: M.weekdays }).max(6, { error: M.weekdays }), {
        error: M.weekdays,
      })
      .max(7, { error: M.weekdays })
      .default([])
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    scopeIds: z
      .array(z.string({ error: M.scopeId }).max(60, { error: M.scopeId }), { error: M.scopeId })
      .max(MAX_SCOPE_IDS, { error: M.scopeId })
      .default([]),
  })
  .superRefine(promotionChecks)
  .transform(tidy);
export type PromotionInput = z.infer<typeof promotionSchema>;

/** '2026-12-04T08:00' read as Nairobi time, as an ISO time; null when it is not one. */
export function nairobiLocalToIso(text: string): string | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - NAIROBI_OFFSET_MS;
  const back = new Date(utc + NAIROBI_OFFSET_MS);
  // 2026-02-30 is not a day: Date would roll it over.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(utc).toISOString();
}

/** An ISO time as a datetime-local input's Nairobi text ('2026-12-04T08:00'); '' for none. */
export function isoToNairobiLocal(iso: string | Date | null): string {
  if (iso === null) return '';
  const at = new Date(new Date(iso).getTime() + NAIROBI_OFFSET_MS);
  return at.toISOString().slice(0, 16);
}

const optionalText = (message: string, read: (text: string) => number | string | null) =>
  z.string({ error: message }).transform((text, ctx) => {
    if (text.trim() === '') return null;
    const value = read(text);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

const typedLimit = optionalText(M.limit, (text) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null)).pipe(limitRule.nullable());

/** The typed value for its kind: a whole percent, or KES as cents; null when it is not one. */
function typedValue(kind: Promotion['kind'], text: string): number | null {
  const typed = text.trim();
  if (kind === 'percent') return /^\d{1,3}$/.test(typed) ? Number(typed) : null;
  if (kind === 'fixed') return typedAmountToCents(typed);
  return 0;
}

/** The form: text as typed. Its output is the API's body (promotionSchema checks it again). */
export const promotionFormSchema = z
  .object({
    ...promotionBaseFields,
    code: z.string({ error: M.code }).pipe(codeRule),
    value: z.string({ error: M.percent }).default(''),
    minimumSpend: optionalText(M.minimumSpend, typedAmountToCents),
    perCustomerLimit: typedLimit,
    totalLimit: typedLimit,
    startsAt: optionalText(M.dateTime, nairobiLocalToIso),
    endsAt: optionalText(M.dateTime, nairobiLocalToIso),
    weekdays: z
      .array(z.string(), { error: M.weekdays })
      .default([])
      .transform((days) => days.map(Number)),
    scopeIds: z.array(z.string(), { error: M.scopeId }).default([]),
  })
  // Checked here too, before the fields are turned into the body, so every message shows at once.
  .superRefine((v, ctx) => {
    const value = typedValue(v.kind, typeof v.value === 'string' ? v.value : '');
    promotionChecks(
      {
        kind: v.kind,
        value: value ?? Number.NaN,
        startsAt: typeof v.startsAt === 'string' ? v.startsAt : null,
        endsAt: typeof v.endsAt === 'string' ? v.endsAt : null,
        scope: v.scope,
        scopeIds: Array.isArray(v.scopeIds) ? v.scopeIds : [],
      },
      ctx,
    );
  })
  .transform(({ value, minimumSpend, startsAt, endsAt, ...rest }) => {
    return {
      ...rest,
      value: typedValue(rest.kind, value) ?? 0,
      minimumSpendCents: (minimumSpend ?? 0) as Cents,
      startsAt: startsAt as string | null,
      endsAt: endsAt as string | null,
      weekdays: [...new Set(rest.weekdays)].sort((a, b) => a - b),
    };
  })
  .transform(tidy);
export type PromotionFormValues = z.input<typeof promotionFormSchema>;

/** What the promotion gives, for the list and the audit log: '10 % off', 'KES 200.00 off', 'Free delivery'. */
export function promotionGivesText(p: Pick<Promotion, 'kind' | 'value'>): string {
  if (p.kind === 'percent') return `${p.value} % off`;
  if (p.kind === 'fixed') return `${formatKES(p.value)} off`;
  return 'Free delivery';
}
