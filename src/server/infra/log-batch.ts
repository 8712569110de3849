// The log's lines gathered in memory and handed to the file or pipe in writes of about 16 KB. Each
// line handed to sonic-boom on its own cost a length count and a string join per line, with a line
// per request (docs/decisions/075-the-request-path-at-full-speed.md).
// Lines keep their order: every line, a request's or any other, goes through the same batch.
import type { DestinationStream } from 'pino';

type FlushCallback = (err?: Error) => void;

export interface LogDestination extends DestinationStream {
  write(line: string): void;
  /** Hands what is gathered to the destination, which writes it out; `done` once it is written. */
  flush(done?: FlushCallback): void;
  /** The same, written before it returns (at exit). */
  flushSync(): void;
}

interface Underlying {
  write(data: string): unknown;
  flush(done?: FlushCallback): void;
  flushSync(): void;
}

/** Characters gathered before they are handed on; a quiet shop's lines go on the flush timer. */
const LOG_BATCH_CHARS = 16 * 1024;

export function batchLines(destination: Underlying, batchChars = LOG_BATCH_CHARS): LogDestination {
  let lines: string[] = [];
  let chars = 0;
  const handOn = () => {
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    chars = 0;
    destination.write(batch);
  };
  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= batchChars) handOn();
    },
    flush(done) {
      handOn();
      destination.flush(done);
    },
    flushSync() {
      handOn();
      destination.flushSync();
    },
  };
}
