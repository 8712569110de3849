import { describe, expect, it } from 'vitest';
import { controlUnitDateTime, formatRateBp, groupsOfFour, kraVerificationUrl } from './tax-invoice';

describe('kraVerificationUrl', () => {
  it.each([
    ['production', 'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00SZBBFW4DCZ7HAGPH'],
    ['sandbox', 'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00SZBBFW4DCZ7HAGPH'],
  ] as const)('joins PIN, branch and signature with no separator on the %s portal', (environment, url) => {
    expect(kraVerificationUrl('P051234567X', '00', 'SZBBFW4DCZ7HAGPH', environment)).toBe(url);
  });

  it('is the production portal by default and ignores stray spaces', () => {
    expect(kraVerificationUrl('P051234567X ', '01', 'SZBB FW4D CZ7H AGPH')).toBe(
      'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X01SZBBFW4DCZ7HAGPH',
    );
  });
});

describe('groupsOfFour', () => {
  it.each([
    ['SZBBFW4DCZ7HAGPH', 'SZBB-FW4D-CZ7H-AGPH'],
    ['AB2CDEFGHIJ3KLMNOPQRSTU4VY', 'AB2C-DEFG-HIJ3-KLMN-OPQR-STU4-VY'],
    ['ABC', 'ABC'],
    ['', ''],
  ])('%s → %s', (raw, printed) => {
    expect(groupsOfFour(raw)).toBe(printed);
  });
});

describe('controlUnitDateTime', () => {
  it.each([
    ['2026-03-02T07:12:05Z', '02/03/2026', '10:12:05'],
    // 22:30 UTC on the last day of the year is already the next year in Nairobi.
    ['2026-12-31T22:30:09Z', '01/01/2027', '01:30:09'],
  ])('%s prints as %s %s (Nairobi time)', (at, date, time) => {
    expect(controlUnitDateTime(new Date(at))).toEqual({ date, time });
  });

  it('refuses an invalid date', () => {
    expect(() => controlUnitDateTime(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('formatRateBp', () => {
  it.each([
    [1600, '16%'],
    [800, '8%'],
    [0, '0%'],
    [1650, '16.5%'],
  ])('%i bp → %s', (bp, shown) => {
    expect(formatRateBp(bp)).toBe(shown);
  });
});
