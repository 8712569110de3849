import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone-mask';

describe('maskPhone', () => {
  it.each<[string | null | undefined, string]>([
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['   ', 'N/A'],
    ['1', '***'],
    ['12345', '***'],
    ['123456', '123456'],
    ['1234567', '123*567'],
    ['+254700123456', '+25*******456'],
    ['0712345678', '071****678'],
    [' +254700123456 ', '+25*******456'],
  ])('%j → %s', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
});
