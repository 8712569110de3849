import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat-every';

/** A pass the test ends when it chooses, counting the passes started. */
function heldPasses() {
  let started = 0;
  let release: () => void = () => undefined;
  const pass = () => {
    started++;
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { pass, started: () => started, release: () => release() };
}

const noFailure = (err: unknown) => {
  throw new Error(`no pass should fail here: ${String(err)}`);
};

describe('repeatEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a pass every interval after the last one ended, never two at once', async () => {
    const held = heldPasses();
    const stop = repeatEvery(1000, held.pass, noFailure);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(held.started()).toBe(1);
    held.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.started()).toBe(2);
    held.release();
    await stop();
  });

  it('stopping waits for the pass in progress to end, and starts no other', async () => {
    const held = heldPasses();
    const stop = repeatEvery(1000, held.pass, noFailure);
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.started()).toBe(1);
  });

  it('stopping between passes is at once, and no pass follows', async () => {
    const held = heldPasses();
    const stop = repeatEvery(1000, held.pass, noFailure);
    await vi.advanceTimersByTimeAsync(500);
    await stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.started()).toBe(0);
  });

  it('hands a failed pass to its caller and goes on', async () => {
    let passes = 0;
    const failures: unknown[] = [];
    const stop = repeatEvery(
      1000,
      async () => {
        passes++;
        if (passes === 1) throw new Error('the pass failed');
      },
      (err) => failures.push(err),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(2);
    expect(failures).toEqual([new Error('the pass failed')]);
    await stop();
  });
});
