// The delivery fee for a point in Nairobi: driving distance from the shop's origin (app_settings
// 'delivery_origin', default the original's Nairobi West point) priced by the zones in the database
// with src/domain/delivery-fee. The fee endpoint and order creation use this same function; the
// back office reads the same zones and origin through loadDeliveryZones and loadDeliveryOrigin.
import { asc, eq } from 'drizzle-orm';
import {
  DEFAULT_ZONE_MINUTES,
  SHOP_ORIGIN,
  deliveryFeeForDistance,
  deliveryReachKm,
  formatDistance,
  outOfAreaMessage,
  type DeliveryZone,
  type LatLng,
} from '@/domain/delivery-fee';
import type { Cents } from '@/domain/money';
import { NO_SMALL_ORDER_POLICY, type SmallOrderPolicy } from '@/domain/small-order';
import { DEFAULT_DELIVERY_FEE_TAX_BAND, isTaxBand, type TaxBand } from '@/domain/tax-bands';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appSettings, deliveryZones } from '../../db/schema';
import { DomainError } from '../../errors';
import { AmbiguousAddressError } from '../../integrations/places/address-provider';
import { upToWholeShilling } from '@/domain/vat-inclusive';
import { loadPricesIncludeVat } from '../pricing/vat-mode.service';

export const DELIVERY_ORIGIN_SETTING = 'delivery_origin';
export const DELIVERY_FEE_TAX_BAND_SETTING = 'delivery_fee_tax_band';
const DELIVERY_FEE_FAILED = 'Failed to calculate delivery fee';
const ADDRESS_NOT_FOUND = 'We could not find that address. Please choose one of the suggestions.';

export interface DeliveryOrigin extends LatLng {
  label: string;
}

export interface DeliveryQuote {
  feeCents: Cents;
  /** delivery_zones.id */
  zoneId: string;
  zoneName: string;
  estimatedMinutes: number;
  /** Rounded to 2 decimals; the fee is computed from this value, so the stored distance explains it. */
  distanceKm: number;
  formattedDistance: string;
  /** Where the distance is measured from, e.g. 'Kogo Star Plaza, Nairobi West'. */
  originLabel: string;
  /** The fee's VAT band, as the shop set it. */
  feeTaxBand: TaxBand;
  /** The shop's 'Prices include VAT': the fee holds its VAT and is a whole shilling. */
  pricesIncludeVat: boolean;
  /** The zone's minimum order or small-order fee (the fee a whole shilling like the delivery fee's). */
  smallOrder: SmallOrderPolicy;
}

/** A delivery that cannot be priced; the message is for the customer. */
const deliveryUnavailable = (message: string, cause?: unknown) =>
  new DomainError('unprocessable', 'DELIVERY_UNAVAILABLE', message, {}, cause === undefined ? undefined : { cause });

/** No point is known for the address the customer typed. */
export const addressNotFound = () => new DomainError('unprocessable', 'ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);

function deliveryZoneFromRow(z: typeof deliveryZones.$inferSelect): DeliveryZone {
  return {
    id: z.id,
    name: z.name,
    minKm: Number(z.minKm),
    maxKm: Number(z.maxKm),
    baseFeeCents: z.baseFee,
    perKmRateCents: z.perKmRate,
    estimatedMinutes: z.estimatedMinutes,
    active: z.active,
    smallOrder: { rule: z.smallOrderRule, minimumCents: z.minimumOrder, feeCents: z.smallOrderFee },
    payOnDelivery: z.payOnDelivery,
  };
}

/** The delivery zones, nearest band first: the active ones (what checkout prices with), or all of them. */
export async function loadDeliveryZones(db: DbOrTx, opts: { includeInactive?: boolean } = {}): Promise<DeliveryZone[]> {
  const rows = await db
    .select()
    .from(deliveryZones)
    .where(opts.includeInactive ? undefined : eq(deliveryZones.active, true))
    .orderBy(asc(deliveryZones.minKm), asc(deliveryZones.name));
  return rows.map(deliveryZoneFromRow);
}

function isOrigin(v: unknown): v is { lat: number; lng: number; label?: unknown } {
  if (typeof v !== 'object' || v === null) return false;
  const { lat, lng } = v as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export async function loadDeliveryOrigin(db: DbOrTx): Promise<DeliveryOrigin> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, DELIVERY_ORIGIN_SETTING));
  if (!row || !isOrigin(row.value)) return { lat: SHOP_ORIGIN.lat, lng: SHOP_ORIGIN.lng, label: SHOP_ORIGIN.label };
  const label = typeof row.value.label === 'string' && row.value.label.trim() !== '' ? row.value.label : SHOP_ORIGIN.label;
  return { lat: row.value.lat, lng: row.value.lng, label };
}

/** The delivery fee's VAT band as the merchant set it in the back office; until then, the default. */
export async function loadDeliveryFeeTaxBand(db: DbOrTx): Promise<TaxBand> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, DELIVERY_FEE_TAX_BAND_SETTING));
  return isTaxBand(row?.value) ? row.value : DEFAULT_DELIVERY_FEE_TAX_BAND;
}

/**
 * Free text that names several places: the fee would depend on which one we guessed, so the customer
 * chooses. The answer lists the places as suggestions (the same shape as /places/autocomplete).
 */
function addressAmbiguous(err: AmbiguousAddressError, field: string) {
  const message = `Several places match "${err.address}". Please choose your area from the list.`;
  const choices = err.candidates.map((p) => ({
    placeId: p.place_id,
    description: p.description,
    mainText: p.structured_formatting.main_text,
    secondaryText: p.structured_formatting.secondary_text,
  }));
  return new DomainError('unprocessable', 'ADDRESS_AMBIGUOUS', message, { fields: { [field]: message }, choices });
}

/**
 * The delivery point: the coordinates the customer picked, else the address geocoded; null when
 * unknown. Text naming several places throws ADDRESS_AMBIGUOUS (about `field`) instead of a guess.
 */
export async function resolveDestination(
  ctx: ServerContext,
  address: string,
  coordinates?: LatLng | null,
  field = 'address',
): Promise<LatLng | null> {
  if (coordinates) return coordinates;
  if (address.trim() === '') return null;
  try {
    return await ctx.integrations.addresses.geocode(address);
  } catch (err) {
    if (err instanceof AmbiguousAddressError) throw addressAmbiguous(err, field);
    ctx.logger.warn({ err }, 'geocoding failed');
    return null;
  }
}

/**
 * The fee for delivering to `destination`. Past the farthest zone the shop does not deliver: 422
 * DELIVERY_OUT_OF_AREA (about `field`), so neither a quote nor an order exists for such a place.
 */
export async function quoteDelivery(ctx: ServerContext, destination: LatLng, field = 'address'): Promise<DeliveryQuote> {
  const [zones, origin, feeTaxBand, pricesIncludeVat] = await Promise.all([
    loadDeliveryZones(ctx.db),
    loadDeliveryOrigin(ctx.db),
    loadDeliveryFeeTaxBand(ctx.db),
    loadPricesIncludeVat(ctx.db),
  ]);
  let km: number;
  try {
    km = (await ctx.integrations.addresses.drivingDistance(origin, destination)).km;
  } catch (err) {
    throw deliveryUnavailable(DELIVERY_FEE_FAILED, err);
  }
  const distanceKm = Math.round(km * 100) / 100;
  const priced = deliveryFeeForDistance(zones, distanceKm);
  if (!priced) {
    const reachKm = deliveryReachKm(zones);
    if (reachKm === null) throw deliveryUnavailable('Delivery is not available right now. Please try again later.');
    throw new DomainError('unprocessable', 'DELIVERY_OUT_OF_AREA', outOfAreaMessage(reachKm, origin.label), {
      fields: { [field]: outOfAreaMessage(reachKm, origin.label) },
    });
  }
  const smallOrder = priced.zone.smallOrder ?? NO_SMALL_ORDER_POLICY;
  // Whole shillings with prices that include VAT, so the order's total has no cents either.
  const whole = (cents: Cents) => (pricesIncludeVat ? upToWholeShilling(cents) : cents);
  return {
    feeCents: whole(priced.feeCents),
    zoneId: priced.zone.id,
    zoneName: priced.zone.name,
    estimatedMinutes: priced.zone.estimatedMinutes || DEFAULT_ZONE_MINUTES,
    distanceKm,
    formattedDistance: formatDistance(distanceKm),
    originLabel: origin.label,
    feeTaxBand,
    pricesIncludeVat,
    smallOrder: { ...smallOrder, feeCents: whole(smallOrder.feeCents) },
  };
}
