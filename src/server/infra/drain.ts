// Background jobs that must keep up with a busy shop: a batch is worked a few items at a time (each
// waits mostly on Pesapal, not on this machine), and batches follow each other until nothing is due
// or the run's time is up, so the next run starts on time.

/** Runs `work` on every item, at most `concurrency` at once; one item's failure is its own. */
export async function forEachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

/**
 * Takes batches from `take` and works them until a batch comes back smaller than `batchSize`
 * (nothing more is due) or `budgetMs` of wall time has passed. In each batch `ask` runs for up to
 * `concurrency` items at once (the waiting part, e.g. a call to Pesapal); `apply` then takes the
 * answers one by one in the batch's order, so what was due first is settled first. Returns how many
 * items were worked.
 */
export async function drainBatches<T, A>(opts: {
  batchSize: number;
  concurrency: number;
  budgetMs: number;
  take: (limit: number) => Promise<readonly T[]>;
  ask: (item: T) => Promise<A>;
  apply?: (item: T, answer: A) => Promise<void>;
}): Promise<number> {
  // Wall time, not the shop's clock: this bounds how long one run of a job holds its lock.
  const started = performance.now();
  let worked = 0;
  for (;;) {
    const batch = await opts.take(opts.batchSize);
    const answers = new Map<T, A>();
    await forEachLimited(batch, opts.concurrency, async (item) => void answers.set(item, await opts.ask(item)));
    if (opts.apply) for (const item of batch) await opts.apply(item, answers.get(item) as A);
    worked += batch.length;
    if (batch.length < opts.batchSize || performance.now() - started >= opts.budgetMs) return worked;
  }
}
