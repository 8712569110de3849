import { describe, expect, it } from 'vitest';
import { formatPhone, toE164Phone } from './phone';

describe('toE164Phone', () => {
  it.each<[string, string | null]>([
    // Kenyan numbers, every way they are written
    ['0712 345 678', '+254712345678'],
    ['0712345678', '+254712345678'],
    ['0112-345-678', '+254112345678'],
    ['(0722) 000 111', '+254722000111'],
    ['712 345 678', '+254712345678'],
    ['112345678', '+254112345678'],
    ['254712345678', '+254712345678'],
    ['254 0712 345 678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['+254-712-345-678', '+254712345678'],
    ['+254 (712) 345-678', '+254712345678'],
    ['[+254] 712.345.678', '+254712345678'],
    ['+254 0712 345 678', '+254712345678'],
    ['00254712345678', '+254712345678'],
    ['  0712\t345 678 ', '+254712345678'],
    ['020 2222 222', '+254202222222'], // a Nairobi landline
    ['+254722000111', '+254722000111'], // already stored form
    // other countries, in '+' form
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+1234567', '+1234567'], // 7 digits
    ['+123456789012345', '+123456789012345'], // 15 digits
    // not phone numbers
    ['', null],
    ['   ', null],
    ['0712', null],
    ['071234567', null], // a digit short
    ['07123456789', null], // a digit long
    ['00123', null], // '+123': too short
    ['+254 712 345 67', null],
    ['+254 712 345 6789', null],
    ['+2540012345678', null],
    ['812345678', null], // nine digits, not a Kenyan mobile prefix
    ['15551234567', null], // a foreign number needs its '+'
    ['+123456', null], // 6 digits
    ['+1234567890123456', null], // 16 digits
    ['+0712345678', null],
    ['++254712345678', null],
    ['254+712345678', null],
    ['07I2 345 678', null],
    ['0712 345 678 ext 2', null],
    ['0712345678'.repeat(5), null],
  ])('%j → %j', (input, expected) => {
    expect(toE164Phone(input)).toBe(expected);
  });

  it('is idempotent on its own output', () => {
    for (const input of ['0712 345 678', '+44 20 7946 0958']) {
      const once = toE164Phone(input)!;
      expect(toE164Phone(once)).toBe(once);
    }
  });
});

describe('formatPhone', () => {
  it.each([
    ['+254722000111', '+254 722 000 111'],
    ['+254202222222', '+254 202 222 222'],
    ['+442079460958', '+442079460958'],
    ['0712 345 678', '0712 345 678'], // not stored form: shown as it is
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
