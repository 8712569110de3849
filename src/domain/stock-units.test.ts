import { describe, expect, it } from 'vitest';
import {
  convertStock,
  convertThreshold,
  formatGrams,
  formatKg,
  formatStock,
  formatStockChange,
  kgQuantity,
  kgText,
  piecesAvailable,
  stockForPieces,
  typedKgToGrams,
} from './stock-units';

describe('stock units', () => {
  it('moves n pieces, or n × the weight in grams', () => {
    expect(stockForPieces('piece', 3, 700)).toBe(3);
    expect(stockForPieces('piece', 3, null)).toBe(3);
    expect(stockForPieces('kg', 3, 700)).toBe(2100);
    expect(() => stockForPieces('kg', 1, null)).toThrow(RangeError);
    expect(() => stockForPieces('kg', 1.5, 700)).toThrow(RangeError);
  });

  it('sells the whole pieces the grams make, rounded down', () => {
    expect(piecesAvailable('piece', 4, 700)).toBe(4);
    expect(piecesAvailable('kg', 14_200, 700)).toBe(20);
    expect(piecesAvailable('kg', 2_099, 700)).toBe(2);
    expect(piecesAvailable('kg', 699, 700)).toBe(0);
    expect(piecesAvailable('kg', 700, 700)).toBe(1);
    expect(piecesAvailable('kg', 5_000, null)).toBe(0);
    expect(piecesAvailable('kg', 0, 700)).toBe(0);
    expect(piecesAvailable('piece', -1, null)).toBe(0);
  });

  it('converts pieces to grams exactly, and grams to whole pieces with the rest lost', () => {
    expect(convertStock('piece', 'kg', 10, 700)).toEqual({ stock: 7_000, lost: 0 });
    expect(convertStock('kg', 'piece', 7_300, 700)).toEqual({ stock: 10, lost: 300 });
    expect(convertStock('kg', 'piece', 699, 700)).toEqual({ stock: 0, lost: 699 });
    expect(convertStock('kg', 'kg', 699, 700)).toEqual({ stock: 699, lost: 0 });
    expect(() => convertStock('piece', 'kg', 10, null)).toThrow(RangeError);
  });

  it('writes kg and grams with their unit', () => {
    expect(formatKg(14_200)).toBe('14.2 kg');
    expect(formatKg(1_234_567)).toBe('1,234.567 kg');
    expect(formatKg(500)).toBe('0.5 kg');
    expect(formatKg(5)).toBe('0.005 kg');
    expect(formatKg(0)).toBe('0 kg');
    expect(formatKg(-300)).toBe('-0.3 kg');
    expect(kgText(1_250_500, { separators: false })).toBe('1250.5');
    expect(formatGrams(14_200)).toBe('14,200 g');
    expect(formatGrams(-300)).toBe('-300 g');
    expect(formatStock('piece', 12_000)).toBe('12,000');
    expect(formatStock('kg', 12_000)).toBe('12 kg');
    expect(formatStockChange('piece', 2)).toBe('+2');
    expect(formatStockChange('piece', -2)).toBe('-2');
    expect(formatStockChange('kg', 700)).toBe('+0.7 kg');
    expect(formatStockChange('kg', -1_400)).toBe('-1.4 kg');
  });

  it('reads typed kg into grams, at most 3 decimals', () => {
    expect(typedKgToGrams('12')).toBe(12_000);
    expect(typedKgToGrams(' 12.5 ')).toBe(12_500);
    expect(typedKgToGrams('0.75')).toBe(750);
    expect(typedKgToGrams('.75')).toBe(750);
    expect(typedKgToGrams('-0.005')).toBe(-5);
    expect(typedKgToGrams('+2')).toBe(2_000);
    expect(typedKgToGrams('1,250.125')).toBe(1_250_125);
    expect(typedKgToGrams('1.2345')).toBeNull();
    expect(typedKgToGrams('1,25')).toBeNull();
    expect(typedKgToGrams('')).toBeNull();
    expect(typedKgToGrams('-')).toBeNull();
    expect(typedKgToGrams('abc')).toBeNull();
    expect(typedKgToGrams('1e3')).toBeNull();
  });

  it('gives KRA kg with at most 3 decimals', () => {
    expect(kgQuantity(1_400)).toBe(1.4);
    expect(kgQuantity(2_333)).toBe(2.333);
    expect(String(kgQuantity(700 + 1_400))).toBe('2.1');
  });

  it('carries a low-stock threshold over at the heaviest weight', () => {
    expect(convertThreshold('piece', 'kg', 5, 1_200)).toBe(6_000);
    expect(convertThreshold('kg', 'piece', 6_000, 1_200)).toBe(5);
    expect(convertThreshold('kg', 'piece', 6_100, 1_200)).toBe(6);
    expect(convertThreshold('kg', 'kg', 6_100, 1_200)).toBe(6_100);
  });
});
