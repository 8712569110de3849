import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('the byte-bounded TTL cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const cacheAt = (clock: { t: number }, maxBytes = 100) =>
    createTtlCache<string>({ ttlMs: 1_000, maxBytes, sizeOf: (v) => v.length, now: () => clock.t });

  it('keeps values by their weight: the oldest go first to make room, whatever their number', () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock);
    for (let i = 0; i < 10; i++) cache.set(`small-${i}`, 'x'.repeat(5));
    expect(cache.size).toBe(10);
    expect(cache.bytes).toBe(50);
    cache.set('large', 'y'.repeat(80));
    // 80 + 5 × 4 = 100: the six oldest small ones made room.
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.get('small-0')).toBeUndefined();
    expect(cache.get('small-5')).toBeUndefined();
    expect(cache.get('small-6')).toBe('xxxxx');
    expect(cache.get('large')).toBe('y'.repeat(80));
  });

  it('does not keep a value heavier than the whole cache, and replacing a key counts it once', () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock);
    cache.set('a', 'x'.repeat(30));
    cache.set('huge', 'z'.repeat(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(30));
    cache.set('a', 'x'.repeat(40));
    expect(cache.bytes).toBe(40);
    expect(cache.size).toBe(1);
  });

  it('forgets a value once its time is up, on the next read or write', () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock);
    cache.set('a', 'aaaa');
    clock.t = 500;
    cache.set('b', 'bbbb');
    clock.t = 999;
    expect(cache.get('a')).toBe('aaaa');
    clock.t = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(4);
    clock.t = 1_500;
    cache.set('c', 'cc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.bytes).toBe(2);
  });

  it('gives the memory back by itself when nobody asks any more', () => {
    vi.useFakeTimers();
    const cache = createTtlCache<string>({ ttlMs: 1_000, maxBytes: 100, sizeOf: (v) => v.length, now: () => Date.now() });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbbbb');
    expect(cache.bytes).toBe(10);
    vi.advanceTimersByTime(999);
    expect(cache.bytes).toBe(10);
    vi.advanceTimersByTime(2);
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
    // Nothing is left to sweep, so no timer keeps running.
    expect(vi.getTimerCount()).toBe(0);
  });
});
