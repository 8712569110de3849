import { describe, expect, it } from 'vitest';
import { parseOrderSearch } from './order-search';

describe('parseOrderSearch', () => {
  it.each([
    ['Order #41ee8510', '41ee8510'],
    ['#41EE8510', '41ee8510'],
    ['41ee8510', '41ee8510'],
    ['order 41ee', '41ee'],
    ['Achieng', null],
    ['achieng@example.co.ke', null],
  ])('%j is order number %j', (input, id) => {
    expect(parseOrderSearch(input).idPrefix).toBe(id);
  });

  it.each([
    ['0712345678', ['712345678']],
    ['0712 345 678', ['712345678']],
    ['+254 712 345 678', ['712345678']],
    ['(0712) 345-678', ['712345678']],
    ['712345678', ['712345678']],
    ['+44 20 7946 0958', ['442079460958']],
    ['0712 345', ['0712345', '712345']],
    ['254 7123', ['2547123', '7123']],
    ['071', []],
    ['Achieng 0712', []],
  ])('phone %j searches the digits %j', (input, digits) => {
    expect(parseOrderSearch(input).phoneDigits).toEqual(digits);
  });
});
