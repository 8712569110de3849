import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from './combobox';

describe('nextActiveIndex', () => {
  it.each([
    [-1, 1, 4, 0],
    [-1, -1, 4, 3],
    [0, 1, 4, 1],
    [3, 1, 4, 0],
    [0, -1, 4, 3],
    [2, -1, 4, 1],
    [7, 1, 4, 0], // the list shrank under the highlight
    [7, -1, 4, 3],
    [-1, 1, 0, -1],
  ] as const)('from %i by %i in %i options → %i', (current, step, count, next) => {
    expect(nextActiveIndex(current, step, count)).toBe(next);
  });
});
