import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-method';

describe("a payment method's name as people know it", () => {
  it.each([
    ['MpesaKE', 'M-Pesa'],
    ['mpesa', 'M-Pesa'],
    ['AirtelKE', 'Airtel Money'],
    ['Visa', 'Visa'],
    ['MasterCard', 'MasterCard'],
    ['', null],
    [null, null],
  ])('%j → %j', (raw, name) => {
    expect(paymentMethodName(raw)).toBe(name);
  });
});
