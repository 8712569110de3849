// A pass of work every so often, never overlapping itself, that stops cleanly: stopping waits for a
// pass in progress to finish (its writes and its calls out are not cut off half-way by the database
// closing under it) and starts no other.

/** Stops the repetition; resolves once no pass is running. */
export type Stopper = () => Promise<void>;

/** Runs `pass` `ms` after the previous one ended; a failed pass is given to `failed` and the next runs as usual. */
export function repeatEvery(ms: number, pass: () => Promise<unknown>, failed: (err: unknown) => void): Stopper {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = pass().then(
      () => undefined,
      (err: unknown) => failed(err),
    );
    void running.finally(() => {
      if (!stopped) schedule();
    });
  };
  const schedule = () => {
    timer = setTimeout(tick, ms);
    // A waiting timer keeps no process alive; a pass in progress does, until it ends.
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
