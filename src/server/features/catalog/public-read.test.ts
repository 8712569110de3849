import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPublicReadCache } from './public-read';

describe('the public read cache', () => {
  const clockAt = (ms: number) => {
    const clock = { t: ms, now: () => new Date(clock.t) };
    return clock;
  };

  it('loads each answer once per second, however many ask at once', async () => {
    const clock = clockAt(0);
    const cache = createPublicReadCache(clock.now);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(answers.every((a) => a.value.n === 1)).toBe(true);
    clock.t = 999;
    expect((await cache.get('k', load)).value.n).toBe(1);
    clock.t = 1_000;
    expect((await cache.get('k', load)).value.n).toBe(2);
  });

  it('is bounded by bytes: endless distinct searches keep at most its limit in memory', async () => {
    const clock = clockAt(0);
    const cache = createPublicReadCache(clock.now, 1_000, 64 * 1024);
    for (let i = 0; i < 200; i++) {
      await cache.get(`products:fish:search-${i}`, async () => ({ products: Array.from({ length: 20 }, (_, j) => `Tilapia ${i}-${j}`) }));
      expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(cache.bytes).toBeGreaterThan(32 * 1024);
  });

  it('keeps large answers compressed beside their JSON, and small ones plain', async () => {
    const cache = createPublicReadCache(clockAt(0).now);
    const large = await cache.get('large', async () => ({
      products: Array.from({ length: 200 }, (_, i) => ({ name: `Whole Tilapia ${i}` })),
    }));
    expect(large.br).not.toBeNull();
    expect(large.br!.byteLength).toBeLessThan(large.json!.byteLength / 4);
    expect(brotliDecompressSync(large.br!).toString('utf8')).toBe(Buffer.from(large.json!).toString('utf8'));
    const small = await cache.get('small', async () => ({ ok: true }));
    expect(small.br).toBeNull();
    expect(small.gzip).toBeNull();
  });

  it('a reload that finds the same JSON sends the forms compressed before; a changed JSON is compressed anew', async () => {
    const clock = clockAt(0);
    const cache = createPublicReadCache(clock.now);
    let stock = 5;
    const load = async () => ({ products: Array.from({ length: 200 }, (_, i) => ({ name: `Whole Tilapia ${i}`, stock })) });
    const first = await cache.get('products', load);
    clock.t = 1_000;
    const same = await cache.get('products', load);
    expect(same).not.toBe(first);
    expect(same.br).toBe(first.br);
    expect(same.gzip).toBe(first.gzip);
    stock = 4;
    clock.t = 2_000;
    const changed = await cache.get('products', load);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.br).not.toBe(first.br);
    expect(JSON.parse(brotliDecompressSync(changed.br!).toString('utf8')).products[0].stock).toBe(4);
  });
});
