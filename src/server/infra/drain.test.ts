import { describe, expect, it } from 'vitest';
import { drainBatches, forEachLimited } from './drain';

describe('forEachLimited', () => {
  it('works every item, never more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setImmediate(r));
      done.push(n);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('does nothing for no items', async () => {
    await forEachLimited([], 4, () => Promise.reject(new Error('not called')));
  });
});

describe('drainBatches', () => {
  it('asks for a batch at once and applies the answers in the batch order', async () => {
    const applied: string[] = [];
    let queue = ['a', 'b', 'c'];
    await drainBatches({
      batchSize: 5,
      concurrency: 3,
      budgetMs: 60_000,
      take: async () => {
        const batch = queue;
        queue = [];
        return batch;
      },
      // 'a' answers last: it is still applied first.
      ask: async (item) => {
        for (let i = 0; i < (item === 'a' ? 5 : 0); i++) await new Promise((r) => setImmediate(r));
        return item.toUpperCase();
      },
      apply: async (item, answer) => void applied.push(`${item}=${answer}`),
    });
    expect(applied).toEqual(['a=A', 'b=B', 'c=C']);
  });

  it('takes batches until one comes back short', async () => {
    const queue = Array.from({ length: 55 }, (_, i) => i);
    const worked: number[] = [];
    const n = await drainBatches({
      batchSize: 25,
      concurrency: 4,
      budgetMs: 60_000,
      take: async (limit) => queue.splice(0, limit),
      ask: async (i) => void worked.push(i),
    });
    expect(n).toBe(55);
    expect(worked).toHaveLength(55);
  });

  it('stops when the time is up even if more is due', async () => {
    let takes = 0;
    const n = await drainBatches({
      batchSize: 2,
      concurrency: 2,
      budgetMs: 0,
      take: async () => (takes++, [1, 2]),
      ask: async () => undefined,
    });
    expect(takes).toBe(1);
    expect(n).toBe(2);
  });
});
