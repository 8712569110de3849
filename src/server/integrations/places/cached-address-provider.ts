import type { AddressProvider, LatLng, PlaceDetails, RouteDistance } from './address-provider';

/**
 * Caching wrapper. Driving distances are cached by both ends rounded to 4 decimals
 * (about 11 m), so re-quoting the same address at checkout does not hit the paid API again.
 * Place details are cached by placeId. Both caches are LRU-bounded with a TTL, and
 * concurrent identical lookups share one in-flight promise. Failures are never cached.
 * autocomplete and geocode pass straight through.
 */

export type DistanceCacheOptions = {
  /** Per cache (distances, details). Default 500. */
  maxEntries?: number;
  /** Default 24 h. */
  ttlMs?: number;
  now?: () => number;
};

type AddressCacheStats = {
  distanceHits: number;
  distanceMisses: number;
  detailsHits: number;
  detailsMisses: number;
  distanceEntries: number;
  detailsEntries: number;
};

export interface CachedAddressProvider extends AddressProvider {
  /** The wrapped provider. */
  readonly inner: AddressProvider;
  stats(): AddressCacheStats;
  clear(): void;
}

const DEFAULT_CACHE_MAX_ENTRIES = 500;
const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

type Slot<T> = { expiresAt: number; value: Promise<T>; settled: boolean };

/** Map-backed LRU: re-inserting on read keeps the most recently used entries last. */
class LruPromiseCache<T> {
  private readonly map = new Map<string, Slot<T>>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
  }

  /** Cached value, the pending lookup for the same key, or a fresh call to `load`. */
  getOrLoad(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const slot = this.map.get(key);
    if (slot) {
      if (!slot.settled || slot.expiresAt > this.now()) {
        this.hits++;
        this.map.delete(key);
        this.map.set(key, slot);
        return slot.value;
      }
      this.map.delete(key);
    }
    this.misses++;
    let pending: Promise<T>;
    try {
      pending = Promise.resolve(load());
    } catch (err) {
      pending = Promise.reject(err);
    }
    const fresh: Slot<T> = { expiresAt: Number.POSITIVE_INFINITY, value: pending, settled: false };
    // Replace `value` with a promise that also settles the slot bookkeeping.
    fresh.value = fresh.value.then(
      (value) => {
        if (this.map.get(key) === fresh) {
          if (keep(value)) {
            fresh.settled = true;
            fresh.expiresAt = this.now() + this.ttlMs;
          } else {
            this.map.delete(key);
          }
        }
        return value;
      },
      (err: unknown) => {
        if (this.map.get(key) === fresh) this.map.delete(key);
        throw err;
      },
    );
    this.map.set(key, fresh);
    this.evict();
    return fresh.value;
  }

  private evict(): void {
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }
}

const round4 = (n: number): string => (Math.round(n * 1e4) / 1e4).toFixed(4);
export const distanceCacheKey = (o: LatLng, d: LatLng): string => `${round4(o.lat)},${round4(o.lng)}>${round4(d.lat)},${round4(d.lng)}`;

export function withDistanceCache(provider: AddressProvider, opts: DistanceCacheOptions = {}): CachedAddressProvider {
  const maxEntries = Math.max(1, Math.floor(opts.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES));
  const ttlMs = opts.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  const distances = new LruPromiseCache<RouteDistance>(maxEntries, ttlMs, now);
  const details = new LruPromiseCache<PlaceDetails | null>(maxEntries, ttlMs, now);

  return {
    name: provider.name,
    inner: provider,

    autocomplete: (input, sessionToken) => provider.autocomplete(input, sessionToken),

    geocode: (address) => provider.geocode(address),

    details(placeId, sessionToken) {
      // The session token only groups billing; the answer for a placeId is the same.
      // Unknown ids (null) are not cached.
      return details.getOrLoad(
        placeId,
        () => provider.details(placeId, sessionToken),
        (v) => v !== null,
      );
    },

    drivingDistance(origin, destination) {
      return distances.getOrLoad(distanceCacheKey(origin, destination), () => provider.drivingDistance(origin, destination));
    },

    stats: () => ({
      distanceHits: distances.hits,
      distanceMisses: distances.misses,
      detailsHits: details.hits,
      detailsMisses: details.misses,
      distanceEntries: distances.size,
      detailsEntries: details.size,
    }),

    clear() {
      distances.clear();
      details.clear();
    },
  };
}
