import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PROMOTION_FORM_MESSAGES as M,
  isoToNairobiLocal,
  nairobiLocalToIso,
  promotionFormSchema,
  promotionGivesText,
  promotionSchema,
  type PromotionFormValues,
} from './promotion-forms';

function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const form = (over: Partial<PromotionFormValues> = {}): PromotionFormValues => ({
  code: ' fishfriday ',
  name: 'Fish Friday',
  kind: 'percent',
  value: '10',
  minimumSpend: '1,000',
  firstOrderOnly: false,
  perCustomerLimit: '',
  totalLimit: '',
  startsAt: '',
  endsAt: '',
  weekdays: ['5'],
  scope: 'categories',
  scopeIds: ['fish'],
  ...over,
});

describe('promotionFormSchema', () => {
  it('gives the API body: code upper case, KES as cents, Nairobi times as ISO', () => {
    const body = promotionFormSchema.parse(form({ startsAt: '2026-12-04T08:00', endsAt: '2026-12-31T23:59' }));
    expect(body).toMatchObject({
      code: 'FISHFRIDAY',
      value: 10,
      minimumSpendCents: 100_000,
      weekdays: [5],
      scopeIds: ['fish'],
      startsAt: '2026-12-04T05:00:00.000Z',
      endsAt: '2026-12-31T20:59:00.000Z',
      perCustomerLimit: null,
    });
    expect(promotionSchema.parse(body)).toEqual(body);
  });

  it('an empty code is an automatic offer; a fixed amount is read as KES', () => {
    expect(promotionFormSchema.parse(form({ code: '', kind: 'fixed', value: '150.50' }))).toMatchObject({ code: null, value: 15_050 });
  });

  it('says what is wrong, field by field', () => {
    expect(fieldMessages(promotionFormSchema, form({ code: 'a b', name: ' ' }))).toMatchObject({ code: M.code, name: M.nameRequired });
    expect(fieldMessages(promotionFormSchema, form({ value: '0' }))).toEqual({ value: M.percent });
    expect(fieldMessages(promotionFormSchema, form({ value: '101' }))).toEqual({ value: M.percent });
    expect(fieldMessages(promotionFormSchema, form({ kind: 'fixed', value: 'abc' }))).toEqual({ value: M.amount });
    expect(fieldMessages(promotionFormSchema, form({ minimumSpend: 'lots' }))).toEqual({ minimumSpend: M.minimumSpend });
    expect(fieldMessages(promotionFormSchema, form({ totalLimit: '0', perCustomerLimit: '1.5' }))).toEqual({
      totalLimit: M.limit,
      perCustomerLimit: M.limit,
    });
    expect(fieldMessages(promotionFormSchema, form({ startsAt: '2026-12-05T00:00', endsAt: '2026-12-04T00:00' }))).toEqual({
      endsAt: M.endBeforeStart,
    });
    expect(fieldMessages(promotionFormSchema, form({ startsAt: '2026-02-30T00:00' }))).toEqual({ startsAt: M.dateTime });
    expect(fieldMessages(promotionFormSchema, form({ scopeIds: [] }))).toEqual({ scopeIds: M.scopeIds.categories });
    expect(fieldMessages(promotionFormSchema, form({ scope: 'products', scopeIds: ['fish'] }))).toEqual({ scopeIds: M.scopeId });
  });

  it('free delivery needs no value; everything keeps no ids', () => {
    expect(promotionFormSchema.parse(form({ kind: 'free_delivery', value: 'x', scope: 'all' }))).toMatchObject({ value: 0, scopeIds: [] });
  });
});

describe('promotionSchema', () => {
  it('refuses a value outside its kind and weekdays outside the week', () => {
    const base = { name: 'X', code: 'ABC', kind: 'percent' as const, value: 10 };
    expect(fieldMessages(promotionSchema, { ...base, value: 0 })).toEqual({ value: M.percent });
    expect(fieldMessages(promotionSchema, { ...base, kind: 'fixed', value: 0.5 })).toEqual({ value: M.amount });
    expect(fieldMessages(promotionSchema, { ...base, weekdays: [7] })).toEqual({ 'weekdays.0': M.weekdays });
    expect(fieldMessages(promotionSchema, { ...base, startsAt: 'tomorrow' })).toEqual({ startsAt: M.dateTime });
  });
});

describe('Nairobi date-times', () => {
  it('read and write the datetime-local text in Nairobi time', () => {
    expect(nairobiLocalToIso('2026-12-04T00:00')).toBe('2026-12-03T21:00:00.000Z');
    expect(isoToNairobiLocal('2026-12-03T21:00:00.000Z')).toBe('2026-12-04T00:00');
    expect(isoToNairobiLocal(null)).toBe('');
  });
  it('says what a promotion gives', () => {
    expect(promotionGivesText({ kind: 'percent', value: 10 })).toBe('10 % off');
    expect(promotionGivesText({ kind: 'fixed', value: 20_000 })).toBe('KES 200.00 off');
    expect(promotionGivesText({ kind: 'free_delivery', value: 0 })).toBe('Free delivery');
  });
});
