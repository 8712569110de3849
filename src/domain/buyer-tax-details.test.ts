import { describe, expect, it } from 'vitest';
import { BUYER_TAX_MESSAGES, isValidKraPin, normalizeKraPin } from './buyer-tax-details';
import { buyerTaxSchema, profileSchema } from './validation';

const issues = (input: unknown) => {
  const parsed = buyerTaxSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a KRA PIN', () => {
  it('is a letter, 9 digits and a letter, typed in any case and spacing', () => {
    expect(isValidKraPin('P051234567X')).toBe(true);
    expect(isValidKraPin(' a051 234-567z ')).toBe(true);
    expect(normalizeKraPin(' a051 234-567z ')).toBe('A051234567Z');
    for (const bad of ['P05123456X', 'P0512345678X', '1051234567X', 'P051234567', 'P05123456XX', 'PO51234567X', ''])
      expect(isValidKraPin(bad), bad).toBe(false);
  });
});

describe('the buyer tax details', () => {
  it('are optional: missing or blank is an ordinary sale', () => {
    expect(buyerTaxSchema.parse({})).toEqual({ kraPin: '', businessName: '' });
    expect(buyerTaxSchema.parse({ kraPin: '  ', businessName: null })).toEqual({ kraPin: '', businessName: '' });
  });

  it("keep the PIN in KRA's form and the business name as plain text", () => {
    expect(buyerTaxSchema.parse({ kraPin: 'p051234567x', businessName: '  Mama Oliech Ltd ' })).toEqual({
      kraPin: 'P051234567X',
      businessName: 'Mama Oliech Ltd',
    });
  });

  it('refuse a malformed PIN, a name longer than KRA prints, and a business name without a PIN, with a clear message', () => {
    expect(issues({ kraPin: 'P12345' })).toEqual([['kraPin', BUYER_TAX_MESSAGES.invalidKraPin]]);
    expect(issues({ kraPin: 'P051234567X', businessName: 'x'.repeat(61) })).toEqual([
      ['businessName', BUYER_TAX_MESSAGES.businessNameTooLong],
    ]);
    expect(issues({ businessName: 'Mama Oliech Ltd' })).toEqual([['kraPin', BUYER_TAX_MESSAGES.businessNameWithoutPin]]);
    expect(issues({ kraPin: 42 })).toEqual([['kraPin', BUYER_TAX_MESSAGES.notText]]);
  });

  it('are kept by the profile form, which leaves them alone when not sent', () => {
    const profile = { fullName: 'Amina', phone: '0712345678', address: 'Nyali' };
    expect(profileSchema.parse(profile)).not.toHaveProperty('kraPin');
    expect(profileSchema.parse({ ...profile, kraPin: 'p051234567x', businessName: '' })).toMatchObject({
      kraPin: 'P051234567X',
      businessName: '',
    });
    const bad = profileSchema.safeParse({ ...profile, kraPin: 'P0512' });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['kraPin', BUYER_TAX_MESSAGES.invalidKraPin],
    ]);
  });
});
