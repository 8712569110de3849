import { describe, expect, it } from 'vitest';
import { batchLines } from './log-batch';

function underlying() {
  const writes: string[] = [];
  let flushes = 0;
  let syncFlushes = 0;
  return {
    writes,
    counts: () => ({ flushes, syncFlushes }),
    destination: {
      write: (data: Uint8Array) => writes.push(Buffer.from(data).toString('utf8')),
      flush: (done?: () => void) => {
        flushes++;
        done?.();
      },
      flushSync: () => void syncFlushes++,
    },
  };
}

describe('log lines written in batches', () => {
  it('hands lines on in order, in one write once the batch is full', () => {
    const u = underlying();
    const log = batchLines(u.destination, 32);
    log.write('{"n":1}\n');
    log.write('{"n":2}\n');
    expect(u.writes).toEqual([]);
    log.write('{"n":3}\n');
    log.write('{"n":4}\n');
    expect(u.writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
    log.write('{"n":5}\n');
    expect(u.writes).toHaveLength(1);
  });

  it('encodes each line once as UTF-8, and sends a line longer than a batch on its own, in its place', () => {
    const u = underlying();
    const log = batchLines(u.destination, 64);
    log.write('{"path":"/duka/samaki-wa-kukaanga-é"}\n');
    const long = `{"msg":"${'x'.repeat(100)}"}\n`;
    log.write(long);
    log.write('{"n":"→"}\n');
    log.flush();
    expect(u.writes).toEqual(['{"path":"/duka/samaki-wa-kukaanga-é"}\n', long, '{"n":"→"}\n']);
  });

  it('hands on what is gathered when flushed, and calls back once the destination has it', () => {
    const u = underlying();
    const log = batchLines(u.destination, 1000);
    log.write('a\n');
    let done = false;
    log.flush(() => (done = true));
    expect(u.writes).toEqual(['a\n']);
    expect(done).toBe(true);
    log.write('b\n');
    log.flushSync();
    expect(u.writes).toEqual(['a\n', 'b\n']);
    log.flush();
    expect(u.writes).toHaveLength(2);
    expect(u.counts()).toEqual({ flushes: 2, syncFlushes: 1 });
  });
});

describe('the shop’s logger', () => {
  it('builds its buffered destination at info level, and calls back when flushed', async () => {
    const { createLogger } = await import('./logger');
    const logger = createLogger('info');
    // The callback may carry fsync's refusal when stdout is a pipe, as under the test runner: shutdown goes on either way.
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
  });
});
