// CPU-heavy work (drawing a PDF) runs on the one event loop that answers every request. A few such
// jobs run at once per instance and the rest wait their turn, up to a limit past which the caller is
// told to come back (memory for the waiting is bounded too). Long jobs give the loop back between
// their pieces (yieldToLoop), so other requests are answered while a long document is drawn.

export interface WorkSlots {
  /** Runs the job once a slot is free; throws busy() at once when too many are waiting already. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

export function createWorkSlots(opts: { atOnce: number; maxWaiting: number; busy: () => Error }): WorkSlots {
  let running = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  async function acquire(): Promise<void> {
    if (running < opts.atOnce) {
      running += 1;
      return;
    }
    if (queue.length >= opts.maxWaiting) throw opts.busy();
    // The slot passes straight from the job ending to the next in line (running stays the same).
    await new Promise<void>((resolve) => queue.push(resolve));
  }

  return {
    async run(job) {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Lets the event loop answer what is waiting (I/O, timers) before the caller goes on. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
