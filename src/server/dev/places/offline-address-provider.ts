import type {
  AddressComponent,
  AddressPrediction,
  AddressProvider,
  LatLng,
  PlaceDetails,
  RouteDistance,
} from '../../integrations/places/address-provider';
import { AmbiguousAddressError, MIN_AUTOCOMPLETE_CHARS } from '../../integrations/places/address-provider';
import { estimateRoadDistance, isValidLatLng } from '../../integrations/places/geo';
import type { GazetteerEntry, GazetteerKind } from './nairobi-gazetteer';
import { NAIROBI_GAZETTEER } from './nairobi-gazetteer';

export type OfflineAddressProviderOptions = {
  /** Multiplier from straight-line to road distance. Default 1.3. */
  roadFactor?: number;
  /** Average driving speed used for the duration estimate. Default 25 km/h. */
  avgSpeedKmh?: number;
  /** Replace the built-in Nairobi gazetteer (tests). */
  gazetteer?: readonly GazetteerEntry[];
};

const OFFLINE_PROVIDER_NAME = 'offline-gazetteer';
const DEFAULT_ROAD_FACTOR = 1.3;
const DEFAULT_AVG_SPEED_KMH = 25;
const MAX_PREDICTIONS = 6;

const KIND_TYPES: Record<GazetteerKind, readonly string[]> = {
  neighbourhood: ['neighborhood', 'political'],
  estate: ['neighborhood', 'political'],
  mall: ['shopping_mall', 'establishment'],
  road: ['route'],
  landmark: ['point_of_interest', 'establishment'],
};

/** Lowercase, strip accents and apostrophes, turn punctuation into single spaces. */
function normalizePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** 'Westlands' + 'Westlands, Nairobi' → ['Nairobi', 'Kenya'] (the name is not repeated). */
function secondaryParts(entry: GazetteerEntry): string[] {
  const nameKey = normalizePlaceText(entry.name);
  const parts = entry.area
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0 && normalizePlaceText(p) !== nameKey);
  const last = parts[parts.length - 1];
  if (last === undefined || normalizePlaceText(last) !== 'kenya') parts.push('Kenya');
  return parts;
}

function describeGazetteerEntry(entry: GazetteerEntry): string {
  return [entry.name, ...secondaryParts(entry)].join(', ');
}

function toPrediction(entry: GazetteerEntry): AddressPrediction {
  return {
    place_id: entry.id,
    description: describeGazetteerEntry(entry),
    structured_formatting: { main_text: entry.name, secondary_text: secondaryParts(entry).join(', ') },
    types: [...KIND_TYPES[entry.kind]],
  };
}

function addressComponents(entry: GazetteerEntry): AddressComponent[] {
  const nameTypes: Record<GazetteerKind, string[]> = {
    neighbourhood: ['neighborhood', 'political'],
    estate: ['neighborhood', 'political'],
    mall: ['premise'],
    road: ['route'],
    landmark: ['premise'],
  };
  const components: AddressComponent[] = [{ long_name: entry.name, short_name: entry.name, types: nameTypes[entry.kind] }];
  const parts = secondaryParts(entry).filter((p) => normalizePlaceText(p) !== 'kenya');
  parts.forEach((part, i) => {
    const isCity = i === parts.length - 1;
    components.push({
      long_name: part,
      short_name: part,
      types: isCity ? ['locality', 'political'] : ['sublocality', 'political'],
    });
  });
  components.push({ long_name: 'Kenya', short_name: 'KE', types: ['country', 'political'] });
  return components;
}

function toDetails(entry: GazetteerEntry): PlaceDetails {
  return {
    address: describeGazetteerEntry(entry),
    coordinates: { lat: entry.lat, lng: entry.lng },
    addressComponents: addressComponents(entry),
    name: entry.name,
    types: [...KIND_TYPES[entry.kind]],
  };
}

type IndexedEntry = {
  entry: GazetteerEntry;
  /** Normalised name and aliases. */
  names: string[];
  area: string;
  description: string;
};

/** 0 exact, 1 prefix, 2 word-start, 3 substring; null when no match. */
function matchTier(field: string, q: string): number | null {
  if (field === q) return 0;
  if (field.startsWith(q)) return 1;
  if (` ${field}`.includes(` ${q}`)) return 2;
  if (field.includes(q)) return 3;
  return null;
}

/** Lower is better. Name/alias matches always rank above matches on the area only. */
function rankEntry(item: IndexedEntry, q: string): number | null {
  let best: number | null = null;
  for (const n of item.names) {
    const t = matchTier(n, q);
    if (t !== null && (best === null || t < best)) best = t;
  }
  // A full address typed as shown in a prediction ('sarit centre westlands') counts as a prefix.
  if ((best === null || best > 1) && item.description.startsWith(q)) best = 1;
  if (best !== null) return best;
  const areaTier = matchTier(item.area, q);
  return areaTier === null ? null : 10 + areaTier;
}

const KIND_SPECIFICITY: Record<GazetteerKind, number> = {
  mall: 0,
  landmark: 0,
  estate: 1,
  neighbourhood: 1,
  road: 2,
};

/** True when `inner` lies in `outer` by the gazetteer: its area names `outer` (Kogo Star Plaza in Nairobi West). */
function liesIn(inner: IndexedEntry, outer: IndexedEntry): boolean {
  return inner !== outer && outer.names.some((n) => ` ${inner.area} `.includes(` ${n} `));
}

/**
 * The places named in an address that point to different spots. A road only says which street
 * ('Ngong Road, Kilimani'), so roads count only when no other place is named; a place and the
 * area it lies in ('Kogo Star Plaza, Nairobi West') agree. More than one left: the text is ambiguous.
 */
function disagreeingHits<H extends { item: IndexedEntry }>(hits: H[]): H[] {
  const places = hits.filter((h) => h.item.entry.kind !== 'road');
  const named = places.length > 0 ? places : hits;
  return named.filter((h) => !named.some((o) => liesIn(o.item, h.item)));
}

export function createOfflineAddressProvider(opts: OfflineAddressProviderOptions = {}): AddressProvider {
  const roadFactor = opts.roadFactor ?? DEFAULT_ROAD_FACTOR;
  const avgSpeedKmh = opts.avgSpeedKmh ?? DEFAULT_AVG_SPEED_KMH;
  if (!(roadFactor > 0)) throw new Error('roadFactor must be a positive number');
  if (!(avgSpeedKmh > 0)) throw new Error('avgSpeedKmh must be a positive number');

  const gazetteer = opts.gazetteer ?? NAIROBI_GAZETTEER;
  const index: IndexedEntry[] = gazetteer.map((entry) => ({
    entry,
    names: [entry.name, ...(entry.aliases ?? [])].map(normalizePlaceText).filter((n) => n.length > 0),
    area: normalizePlaceText(entry.area),
    description: normalizePlaceText(describeGazetteerEntry(entry)),
  }));
  const byId = new Map(gazetteer.map((e) => [e.id, e]));

  function search(input: string): { entry: GazetteerEntry; rank: number }[] {
    const trimmed = input.trim();
    if (trimmed.length < MIN_AUTOCOMPLETE_CHARS) return [];
    const q = normalizePlaceText(trimmed);
    if (q.length === 0) return [];
    const hits: { entry: GazetteerEntry; rank: number }[] = [];
    for (const item of index) {
      const rank = rankEntry(item, q);
      if (rank !== null) hits.push({ entry: item.entry, rank });
    }
    hits.sort((a, b) => a.rank - b.rank || a.entry.name.length - b.entry.name.length || a.entry.name.localeCompare(b.entry.name, 'en'));
    return hits;
  }

  /** Gazetteer places named inside a free-text address, as whole words. */
  function geocodeEntry(text: string): GazetteerEntry | null {
    const t = normalizePlaceText(text);
    if (t.length === 0) return null;
    const padded = ` ${t} `;
    type Hit = { entry: GazetteerEntry; item: IndexedEntry; start: number; end: number };
    const hits: Hit[] = [];
    for (const item of index) {
      let best: Hit | null = null;
      for (const phrase of item.names) {
        if (phrase.length < 3) continue;
        let from = 0;
        for (;;) {
          const at = padded.indexOf(` ${phrase} `, from);
          if (at < 0) break;
          const hit = { entry: item.entry, item, start: at, end: at + phrase.length };
          if (best === null || hit.end - hit.start > best.end - best.start) best = hit;
          from = at + 1;
        }
      }
      if (best) hits.push(best);
    }
    // 'Langata Road' also contains 'Langata': drop hits lying inside a longer hit.
    const kept = hits.filter(
      (h) => !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start),
    );
    const rivals = disagreeingHits(kept);
    if (rivals.length > 1) {
      throw new AmbiguousAddressError(
        text.trim(),
        rivals.sort((a, b) => a.start - b.start).map((h) => toPrediction(h.entry)),
      );
    }
    kept.sort(
      (a, b) => KIND_SPECIFICITY[a.entry.kind] - KIND_SPECIFICITY[b.entry.kind] || b.end - b.start - (a.end - a.start) || a.start - b.start,
    );
    const first = kept[0];
    if (first) return first.entry;

    // Nothing named in full: accept a prefix of exactly one place name ('westla' → Westlands).
    // An ambiguous prefix ('nairobi') gives null rather than a guess that would misprice delivery.
    if (t.length < 3) return null;
    const prefixHits = search(t).filter((h) => h.rank <= 1);
    return prefixHits.length === 1 && prefixHits[0] ? prefixHits[0].entry : null;
  }

  return {
    name: OFFLINE_PROVIDER_NAME,

    async autocomplete(input: string): Promise<AddressPrediction[]> {
      return search(input)
        .slice(0, MAX_PREDICTIONS)
        .map((h) => toPrediction(h.entry));
    },

    async details(placeId: string): Promise<PlaceDetails | null> {
      const entry = byId.get(placeId);
      return entry ? toDetails(entry) : null;
    },

    async geocode(address: string): Promise<LatLng | null> {
      const entry = geocodeEntry(address);
      return entry ? { lat: entry.lat, lng: entry.lng } : null;
    },

    async drivingDistance(origin: LatLng, destination: LatLng): Promise<RouteDistance> {
      if (!isValidLatLng(origin) || !isValidLatLng(destination)) {
        throw new Error('Invalid coordinates for distance calculation');
      }
      const { km, durationMins } = estimateRoadDistance(origin, destination, roadFactor, avgSpeedKmh);
      return { km, durationMins, source: 'great-circle' };
    },
  };
}
