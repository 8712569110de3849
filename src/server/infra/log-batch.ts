// The log's lines gathered in memory as bytes and handed to the file or pipe in writes of about
// 64 KB: a write goes through libuv's thread pool, and fewer, larger ones cost a busy process less.
// A line is encoded once, straight into the batch's buffer; gathering strings cost a join per batch
// and another pass to encode it at the write, about a microsecond of a cached read's twenty with a
// line per request (docs/decisions/080-logging-as-bytes-and-the-render-without-async-hooks.md).
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

/** Where the batches go: sonic-boom in its buffer mode, or a test's recorder. */
export interface ByteDestination {
  write(data: Uint8Array): unknown;
  flush(done?: FlushCallback): void;
  flushSync(): void;
}

/** Bytes gathered before they are handed on; a quiet shop's lines go on the flush timer. */
const LOG_BATCH_BYTES = 64 * 1024;
/** The most bytes one UTF-16 code unit becomes in UTF-8. */
const MAX_UTF8_PER_UNIT = 3;

export function batchLines(destination: ByteDestination, batchBytes = LOG_BATCH_BYTES): LogDestination {
  // A fresh buffer after each hand-on: the destination keeps the one it was given until it is written.
  let buffer = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  const handOn = () => {
    if (used === 0) return;
    const batch = buffer.subarray(0, used);
    buffer = Buffer.allocUnsafe(batchBytes);
    used = 0;
    destination.write(batch);
  };
  return {
    write(line) {
      // The exact size is counted only near a batch's end, where the line might not fit.
      if (used + line.length * MAX_UTF8_PER_UNIT > batchBytes) {
        const bytes = Buffer.byteLength(line);
        if (used + bytes > batchBytes) handOn();
        // A line longer than a whole batch goes on by itself, still in its place.
        if (bytes > batchBytes) {
          destination.write(Buffer.from(line, 'utf8'));
          return;
        }
      }
      used += buffer.write(line, used);
      if (used === batchBytes) handOn();
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
