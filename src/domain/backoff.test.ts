import { describe, expect, it } from 'vitest';
import { backoff } from './backoff';

describe('backoff', () => {
  it.each([
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [7, 64 * 60_000],
    [8, 2 * 60 * 60_000],
    [20, 2 * 60 * 60_000],
  ])('doubles from the base and stops at the cap: retry %i waits %i ms', (attempt, ms) => {
    expect(backoff(attempt, { baseMs: 60_000, maxMs: 2 * 60 * 60_000 })).toBe(ms);
  });

  it('counts an attempt below 1 as the first retry', () => {
    expect(backoff(0, { baseMs: 60_000 })).toBe(60_000);
    expect(backoff(-3, { baseMs: 60_000 })).toBe(60_000);
  });

  it('has no cap when none is given', () => {
    expect(backoff(4, { baseMs: 250 })).toBe(2_000);
    expect(backoff(40, { baseMs: 250 })).toBe(250 * 2 ** 39);
  });

  it('never overflows to a pause past the cap, however many retries', () => {
    expect(backoff(5_000, { baseMs: 1_000, maxMs: 30_000 })).toBe(30_000);
  });

  it('adds up to the jitter fraction of the capped pause', () => {
    const opts = { baseMs: 1_000, maxMs: 30_000, jitter: 0.3 };
    expect(backoff(1, { ...opts, random: () => 0 })).toBe(1_000);
    expect(backoff(1, { ...opts, random: () => 0.5 })).toBe(1_150);
    expect(backoff(3, { ...opts, random: () => 0.999 })).toBeCloseTo(4_000 * 1.2997);
    // The cap bounds the pause before the jitter: 30 s plus at most 30 % of it.
    expect(backoff(10, { ...opts, random: () => 0.5 })).toBe(34_500);
  });

  it('uses Math.random for the jitter when no source is given', () => {
    for (let i = 0; i < 50; i++) {
      const ms = backoff(2, { baseMs: 1_000, jitter: 0.3 });
      expect(ms).toBeGreaterThanOrEqual(2_000);
      expect(ms).toBeLessThan(2_600);
    }
  });
});
