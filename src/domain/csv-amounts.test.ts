import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvAmount, csvRecord, toCsv } from './csv';

describe('amounts and records in CSV exports', () => {
  it.each([
    [133_000, '1330.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-50, '-0.50'], // an amount is never taken for a formula, even below zero
    [123_456_789, '1234567.89'],
  ])('writes %i cents as the plain decimal %s', (cents, text) => {
    expect(csvRecord([csvAmount(cents)])).toBe(text);
  });

  it('escapes a record written a row at a time as a whole file would', () => {
    const cells = ['Kamau, Nairobi', 'say "asante"', 'two\nlines', '=1+1', '+254712345678', '@x', '-3', csvAmount(1_330_00), 2, null];
    expect(csvRecord(cells)).toBe('"Kamau, Nairobi","say ""asante""","two\nlines",\'=1+1,\'+254712345678,\'@x,\'-3,1330.00,2,');
    expect(toCsv(['a'], [[cells[0]!]])).toBe(`a\r\n${csvRecord([cells[0]!])}\r\n`);
  });

  it('leads a download with the UTF-8 byte order mark', () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => csvRecord([csvAmount(1.5)])).toThrow(RangeError);
  });
});
