import { describe, expect, it } from 'vitest';
import type { CsvCell } from './csv';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF endings', () => {
    expect(
      toCsv(
        ['order', 'total'],
        [
          ['abc', 1234.5],
          ['def', null],
        ],
      ),
    ).toBe('order,total\r\nabc,1234.5\r\ndef,\r\n');
  });

  it('writes just the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });

  it.each<[CsvCell, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [0, '0'],
    [-12.5, '-12.5'], // a real number is not a formula
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['line\r\nbreak', '"line\r\nbreak"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+254700000000', "'+254700000000"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['=1,2', '"\'=1,2"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a=b', 'a=b'], // only a leading character matters
    [' =1', "' =1"], // spreadsheets that trim would evaluate it
    ['  @cmd', "'  @cmd"],
    [' plain', ' plain'],
  ])('cell %j → %j', (cell, expected) => {
    expect(toCsv(['h'], [[cell]])).toBe(`h\r\n${expected}\r\n`);
  });

  it('neutralises and quotes headers too', () => {
    expect(toCsv(['=x', 'a,b'], [])).toBe('\'=x,"a,b"\r\n');
  });

  it.each<[string, CsvCell[][]]>([
    ['short row', [['a']]],
    ['long row', [['a', 'b', 'c']]],
    ['NaN', [['a', NaN]]],
    ['Infinity', [['a', Infinity]]],
  ])('rejects %s', (_label, rows) => {
    expect(() => toCsv(['x', 'y'], rows)).toThrow(RangeError);
  });
});
