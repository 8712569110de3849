import { describe, expect, it } from 'vitest';
import {
  accountReference,
  darajaTimestamp,
  fromDarajaTimestamp,
  isMerchantSetupResult,
  MPESA_UNKNOWN_RESULT,
  mpesaAmountShillings,
  mpesaMsisdn,
  mpesaResult,
} from './mpesa-express';

describe('mpesaMsisdn', () => {
  it.each<[string, string | null]>([
    ['0712 345 678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0112 345 678', '254112345678'],
    ['712345678', '254712345678'],
    // A landline or a foreign number cannot get an M-Pesa prompt.
    ['020 222 3333', null],
    ['+44 20 7946 0958', null],
    ['0712 345', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(mpesaMsisdn(input)).toBe(expected);
  });
});

describe('mpesaAmountShillings', () => {
  it('sends whole shillings only, from KES 1 to KES 250,000', () => {
    expect(mpesaAmountShillings(145_000)).toBe(1450);
    expect(mpesaAmountShillings(100)).toBe(1);
    expect(mpesaAmountShillings(25_000_000)).toBe(250_000);
    expect(mpesaAmountShillings(145_050)).toBeNull(); // KES 1,450.50: Daraja refuses a fraction
    expect(mpesaAmountShillings(0)).toBeNull();
    expect(mpesaAmountShillings(25_000_100)).toBeNull();
    expect(mpesaAmountShillings(-100)).toBeNull();
    expect(mpesaAmountShillings(1.5)).toBeNull();
  });
});

describe('Daraja timestamps', () => {
  it('writes Nairobi time, UTC+3', () => {
    expect(darajaTimestamp(new Date('2025-03-14T06:30:15Z'))).toBe('20250314093015');
    // Past midnight in Nairobi while still the day before in UTC.
    expect(darajaTimestamp(new Date('2026-11-28T22:05:09.999Z'))).toBe('20261129010509');
  });
  it("reads a callback's TransactionDate, number or text", () => {
    expect(fromDarajaTimestamp(20250314093112)?.toISOString()).toBe('2025-03-14T06:31:12.000Z');
    expect(fromDarajaTimestamp('20261129010509')?.toISOString()).toBe('2026-11-28T22:05:09.000Z');
    expect(fromDarajaTimestamp('2026-11-29')).toBeNull();
    expect(fromDarajaTimestamp(123)).toBeNull();
  });
});

describe('accountReference', () => {
  it('is the order number, letters and digits only, at most 12 characters', () => {
    expect(accountReference(10482)).toBe('10482');
    expect(accountReference('LVA-2026-000123')).toBe('LVA202600012');
    expect(accountReference('---')).toBe('ORDER');
  });
});

describe('mpesaResult', () => {
  it('reads 0 as paid, whether a number or text', () => {
    expect(mpesaResult(0).outcome).toBe('paid');
    expect(mpesaResult('0').outcome).toBe('paid');
  });
  it('tells the customer what each failure means', () => {
    expect(mpesaResult(1032)).toEqual({ outcome: 'not_paid', message: 'You cancelled the payment.' });
    expect(mpesaResult('1037').message).toBe('We could not reach your phone. Check it is on and unlocked, then try again.');
    expect(mpesaResult('2001').message).toBe('Wrong M-Pesa PIN. Please try again.');
    expect(mpesaResult(1).message).toMatch(/^Not enough M-Pesa balance/);
  });
  it('keeps an unknown code unpaid with a general message', () => {
    expect(mpesaResult('4711')).toEqual({ outcome: 'not_paid', message: MPESA_UNKNOWN_RESULT });
  });
  it("marks the codes that mean the shop's own settings are wrong", () => {
    expect(isMerchantSetupResult('SFC_IC0003')).toBe(true);
    expect(isMerchantSetupResult(2028)).toBe(true);
    expect(isMerchantSetupResult(1032)).toBe(false);
  });
});
