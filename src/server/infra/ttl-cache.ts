// An in-memory cache bounded by bytes, not by entries: one cached page of a large shop is megabytes,
// one cached answer about a missing product is a few bytes, so a count says nothing about memory.
// Every entry lives for the same time, so the Map's insertion order is also the order entries expire
// in: expired entries are dropped from the front on every read and write, and by a timer when the
// cache is left alone, so an idle server gives the memory back too.

export interface TtlCacheOptions<V> {
  ttlMs: number;
  /** The most the kept values may weigh together; the oldest go first to make room. */
  maxBytes: number;
  sizeOf: (value: V) => number;
  now: () => number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  expires: number;
}

export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** Keeps the value unless it alone weighs more than the whole cache may. */
  set(key: string, value: V): void;
  /** Drops every expired entry (also run by a timer while anything is kept). */
  sweep(): void;
  readonly bytes: number;
  readonly size: number;
}

export function createTtlCache<V>(opts: TtlCacheOptions<V>): TtlCache<V> {
  const slots = new Map<string, Slot<V>>();
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const drop = (key: string, slot: Slot<V>) => {
    slots.delete(key);
    bytes -= slot.bytes;
  };

  const sweep = () => {
    const t = opts.now();
    for (const [key, slot] of slots) {
      if (slot.expires > t) break;
      drop(key, slot);
    }
    if (slots.size === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };

  const schedule = () => {
    if (timer || slots.size === 0) return;
    // Unref'd: a cache never keeps the process alive.
    timer = setTimeout(() => {
      timer = null;
      sweep();
      schedule();
    }, opts.ttlMs);
    timer.unref?.();
  };

  return {
    get(key) {
      sweep();
      return slots.get(key)?.value;
    },
    set(key, value) {
      sweep();
      const old = slots.get(key);
      if (old) drop(key, old);
      const size = opts.sizeOf(value);
      if (size > opts.maxBytes) return;
      for (const [k, slot] of slots) {
        if (bytes + size <= opts.maxBytes) break;
        drop(k, slot);
      }
      slots.set(key, { value, bytes: size, expires: opts.now() + opts.ttlMs });
      bytes += size;
      schedule();
    },
    sweep,
    get bytes() {
      return bytes;
    },
    get size() {
      return slots.size;
    },
  };
}
