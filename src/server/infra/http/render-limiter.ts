// Who may start a React render of a page now (docs/decisions/018-bounded-rendering.md). Rendering
// costs the server tens of milliseconds of CPU; a cached page costs nothing. Every client address
// gets a small bucket of renders (a burst, refilled at a steady rate) and a couple at a time, and the
// whole server renders only a few pages at once, so one client asking for endless distinct addresses
// cannot take the CPU from everyone else's API calls. In process: each instance bounds its own CPU.

export interface RenderLimits {
  /** Renders one address may start at once, refilled at perSecond. */
  burst: number;
  perSecond: number;
  /** Renders one address may have running at the same time. */
  perAddressConcurrent: number;
  /** Renders the whole server may have running at the same time. */
  concurrent: number;
}

// Generous per address: Kenyan mobile networks put many customers behind one public address
// (carrier-grade NAT), and a customer browsing fast must keep getting server-rendered pages. The
// global cap is what protects the API's latency; the bucket stops one address taking all of it.
export const RENDER_LIMITS: RenderLimits = { burst: 60, perSecond: 10, perAddressConcurrent: 4, concurrent: 6 };

/** Addresses remembered at most; a full, idle bucket is the same as a forgotten one. */
const MAX_ADDRESSES = 10_000;

interface Bucket {
  tokens: number;
  at: number;
  running: number;
}

export function createRenderLimiter(limits: RenderLimits, now: () => number) {
  const buckets = new Map<string, Bucket>();
  let running = 0;

  function bucketFor(address: string, t: number): Bucket {
    let bucket = buckets.get(address);
    if (bucket) {
      bucket.tokens = Math.min(limits.burst, bucket.tokens + ((t - bucket.at) / 1000) * limits.perSecond);
      bucket.at = t;
      return bucket;
    }
    if (buckets.size >= MAX_ADDRESSES) {
      for (const [key, b] of buckets) {
        if (b.running === 0 && b.tokens + ((t - b.at) / 1000) * limits.perSecond >= limits.burst) buckets.delete(key);
      }
      // Still full: forget the oldest (a flood from many addresses is bounded by the global cap).
      if (buckets.size >= MAX_ADDRESSES) buckets.delete(buckets.keys().next().value as string);
    }
    bucket = { tokens: limits.burst, at: t, running: 0 };
    buckets.set(address, bucket);
    return bucket;
  }

  /** A release to call when the render ends, or null when this address or the server has rendered enough. */
  return function admit(address: string): (() => void) | null {
    if (running >= limits.concurrent) return null;
    const bucket = bucketFor(address, now());
    if (bucket.tokens < 1 || bucket.running >= limits.perAddressConcurrent) return null;
    bucket.tokens -= 1;
    bucket.running += 1;
    running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bucket.running -= 1;
      running -= 1;
    };
  };
}
