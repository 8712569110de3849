// How a product's stock is counted: in pieces (every product until the owner says otherwise), or,
// for a product sold by the kilo, in kg. A variant's stock is always an integer: pieces, or grams
// while the product keeps its stock in kg. A customer still buys whole pieces of a nominal weight,
// so n pieces of a kg product move n × weight grams, and what the shop can sell of a variant is the
// whole pieces its grams make. The browser (back office, storefront) and the server read stock
// through these rules alone.

export const STOCK_UNITS = ['piece', 'kg'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];

export const STOCK_UNIT_LABELS: Readonly<Record<StockUnit, string>> = {
  piece: 'In pieces',
  kg: 'In kg',
};

/** The largest stock one variant may hold, in its unit: 100,000 pieces, or 100,000 kg in grams. */
export const STOCK_LIMITS: Readonly<Record<StockUnit, number>> = { piece: 100_000, kg: 100_000_000 };

const GRAMS_PER_KG = 1000;

export const STOCK_UNIT_MESSAGES = {
  unit: 'Choose how stock is kept: in pieces or in kg.',
  kgNeedsPricePerKg: 'Stock can be kept in kg only for a product sold by the kilo.',
  weightsMissing: 'Give every variant its weight before keeping its stock in kg.',
  reserved: 'Customers’ unpaid orders hold some of this product’s stock: change the unit once they are paid or released.',
  pricePerKgNeeded: 'This product’s stock is kept in kg: keep it in pieces before it stops being sold by the kilo.',
  optionsInKg: 'This product’s stock is kept in kg: keep it in pieces while you give it options, then switch back.',
  kg: 'Enter kg as a number with at most 3 decimals, e.g. 12.5',
  kgChange: 'Enter the change in kg with at most 3 decimals, other than 0, e.g. 2.5 or -0.75',
  unitChanged: (unit: StockUnit) =>
    `This product’s stock is now kept ${unit === 'kg' ? 'in kg' : 'in pieces'}: reload the page and enter the change again.`,
} as const;

function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
}

/** Stock that `pieces` of a variant take or give back: the pieces, or pieces × weight in grams. */
export function stockForPieces(unit: StockUnit, pieces: number, weightGrams: number | null): number {
  assertWhole(pieces, 'Pieces');
  if (unit === 'piece') return pieces;
  if (weightGrams === null || !Number.isSafeInteger(weightGrams) || weightGrams <= 0) {
    throw new RangeError(`A variant kept in kg needs its weight, got ${weightGrams}`);
  }
  return pieces * weightGrams;
}

/**
 * Whole pieces a variant's stock can fill: its stock in pieces, or its grams over its weight rounded
 * down (300 g left of a 700 g fish sells nothing). A variant without a weight fills none.
 */
export function piecesAvailable(unit: StockUnit, stock: number, weightGrams: number | null): number {
  if (stock <= 0) return 0;
  if (unit === 'piece') return stock;
  if (weightGrams === null || weightGrams <= 0) return 0;
  return Math.floor(stock / weightGrams);
}

/**
 * A variant's stock counted in the other unit: pieces become grams (pieces × weight); grams become
 * whole pieces, rounded down, and `lost` is the grams no whole piece holds (the ledger's adjustment).
 */
export function convertStock(from: StockUnit, to: StockUnit, stock: number, weightGrams: number | null): { stock: number; lost: number } {
  assertWhole(stock, 'Stock');
  if (from === to) return { stock, lost: 0 };
  if (to === 'kg') return { stock: stockForPieces('kg', stock, weightGrams), lost: 0 };
  const pieces = piecesAvailable('kg', stock, weightGrams);
  return { stock: pieces, lost: stock - stockForPieces('kg', pieces, weightGrams) };
}

/** Digits with thousands separators: 14200 → '14,200'. */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Grams as kg, without the unit: 14200 → '14.2', 1234567 → '1,234.567', 500 → '0.5'. */
export function kgText(grams: number, { separators = true }: { separators?: boolean } = {}): string {
  assertWhole(grams, 'Grams');
  const sign = grams < 0 ? '-' : '';
  const abs = Math.abs(grams);
  const whole = Math.floor(abs / GRAMS_PER_KG);
  const fraction = String(abs % GRAMS_PER_KG)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${separators ? grouped(whole) : String(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** '14.2 kg'. */
export function formatKg(grams: number): string {
  return `${kgText(grams)} kg`;
}

/** '14,200 g'. */
export function formatGrams(grams: number): string {
  assertWhole(grams, 'Grams');
  return `${grams < 0 ? '-' : ''}${grouped(Math.abs(grams))} g`;
}

/** Stock as the back office shows it: '12' pieces, or '14.2 kg'. */
export function formatStock(unit: StockUnit, stock: number): string {
  return unit === 'kg' ? formatKg(stock) : grouped(stock);
}

/** A change to stock, signed: '+12', '-2', '+0.7 kg', '-0.3 kg'. */
export function formatStockChange(unit: StockUnit, delta: number): string {
  const text = formatStock(unit, delta);
  return delta > 0 ? `+${text}` : text;
}

// A kg amount as a person types it: an optional sign, whole kg (thousands separators in their
// places, or none) and at most 3 decimals: '12', '12.5', '-0.75', '1,250.125'.
const TYPED_KG = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,3}))?$/;

/** Typed kg ('12.5', '-0.75') as whole grams; null when it is not a kg amount of at most 3 decimals. */
export function typedKgToGrams(text: string): number | null {
  const match = TYPED_KG.exec(text.trim());
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const grams = Number((match[2] ?? '0').replace(/,/g, '')) * GRAMS_PER_KG + Number((match[3] ?? '').padEnd(3, '0'));
  if (!Number.isSafeInteger(grams)) return null;
  return match[1] === '-' ? -grams : grams;
}

/** Grams as KRA's quantity in kg (3 decimals at most): 1400 → 1.4. */
export function kgQuantity(grams: number): number {
  assertWhole(grams, 'Grams');
  return grams / GRAMS_PER_KG;
}

/**
 * A low-stock threshold counted in the other unit: pieces become grams at the heaviest variant's
 * weight (so every variant is flagged by the time it has that many pieces left); grams become
 * pieces of that weight, rounded up.
 */
export function convertThreshold(from: StockUnit, to: StockUnit, threshold: number, heaviestGrams: number | null): number {
  if (from === to || heaviestGrams === null || heaviestGrams <= 0) return from === to ? threshold : 0;
  return to === 'kg' ? threshold * heaviestGrams : Math.ceil(threshold / heaviestGrams);
}
