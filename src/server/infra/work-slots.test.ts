// A few jobs at once, the rest in line in the order they came, and a full line refused at once.
import { describe, expect, it } from 'vitest';
import { createWorkSlots } from './work-slots';

/** A job that runs until its finish() is called. */
function heldJob(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    job: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('work slots', () => {
  it('runs at most the given number of jobs at once, the others in turn, in order', async () => {
    const slots = createWorkSlots({ atOnce: 2, maxWaiting: 10, busy: () => new Error('busy') });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((n) => heldJob(log, n));
    const results = jobs.map((j) => slots.run(j.job));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);

    jobs[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    jobs[0]!.finish();
    jobs[2]!.finish();
    await settle();
    jobs[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('refuses a job at once when the line is full, and frees the slot of a job that failed', async () => {
    const slots = createWorkSlots({ atOnce: 1, maxWaiting: 1, busy: () => new Error('busy') });
    const log: string[] = [];
    const first = heldJob(log, 'first');
    const running = slots.run(first.job);
    const waiting = slots.run(async () => {
      throw new Error('broken');
    });
    await expect(slots.run(async () => 'late')).rejects.toThrow('busy');
    first.finish();
    expect(await running).toBe('first');
    await expect(waiting).rejects.toThrow('broken');
    expect(await slots.run(async () => 'after')).toBe('after');
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });
});
