// How the simulator checks a sale or credit note before it signs it: the rules KRA's sandbox was seen
// to enforce (the next invoice number exactly, registered items, line amounts split out of
// tax-inclusive prices, rates from the code list, credit notes naming a stored sale), with the
// sandbox's own messages. Checks KRA is not known to make (header totals, line band = item band)
// are on by default and can be switched off.
import { toCents, type Cents } from '@/domain/money';
import { splitInclusive, type BandRates } from '@/domain/etims-invoice';
import { TAX_BANDS, type TaxBand } from '@/domain/tax-bands';
import { parseKraDateTime } from '../../integrations/etims/etims-dates';
import type { ItemSaveRequest, SalesSaveRequest } from '../../integrations/etims/etims-types';

export interface SaleChecks {
  /** Header band totals equal the sums of the lines (KRA's enforcement unconfirmed). Default on. */
  headerTotals: boolean;
  /** A line's band equals its item's registered band (KRA's enforcement unconfirmed). Default on. */
  itemBand: boolean;
  /** An invoice number already signed answers 994 instead of the sequence error. */
  duplicateAs994: boolean;
  /** A sale of goods needs KRA to hold their stock, as the integrator sandbox was seen to demand. Default on. */
  stockCheck: boolean;
}

export interface SaleBook {
  nextInvcNo: number;
  items: ReadonlyMap<string, ItemSaveRequest>;
  sales: ReadonlyMap<number, { request: SalesSaveRequest }>;
  rates: BandRates;
  creditNoteReasons: readonly string[];
  /** Units KRA holds per item code (from stock IOs). */
  stock: ReadonlyMap<string, number>;
  now: Date;
}

export type SaleVerdict = { ok: true; sale: SalesSaveRequest } | { ok: false; code: string; message: string };

const refuse = (message: string, code = '910'): SaleVerdict => ({ ok: false, code, message });

/** Amounts arrive as JSON numbers with at most two decimals; anything else is no amount. */
function cents(value: unknown): Cents | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const c = toCents(value);
  return Math.abs(c / 100 - value) < 1e-9 ? c : null;
}

const fmt = (c: Cents) => (c / 100).toFixed(2);
const text = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

export function checkSale(input: unknown, book: SaleBook, checks: SaleChecks): SaleVerdict {
  if (typeof input !== 'object' || input === null) return refuse('Request body is missing', '911');
  const sale = input as SalesSaveRequest;

  // 1. Required fields and dates.
  if (!text(sale.trdInvcNo, 50)) return refuse('Expected a value for trdInvcNo but is empty or null');
  if (typeof sale.invcNo !== 'number' || !Number.isSafeInteger(sale.invcNo) || sale.invcNo < 1)
    return refuse(`Invalid invcNo: ${String(sale.invcNo)} is not a number`);
  if (sale.rcptTyCd !== 'S' && sale.rcptTyCd !== 'R') return refuse(`Invalid rcptTyCd: ${String(sale.rcptTyCd)}`);
  if (sale.salesSttsCd !== '02') return refuse(`Invalid salesSttsCd: ${String(sale.salesSttsCd)}`);
  const cfm = typeof sale.cfmDt === 'string' && sale.cfmDt.length === 14 ? parseKraDateTime(sale.cfmDt) : null;
  if (!cfm) return refuse(`Invalid cfmDt: ${String(sale.cfmDt)}`);
  const salesDay = typeof sale.salesDt === 'string' && sale.salesDt.length === 8 ? parseKraDateTime(sale.salesDt) : null;
  if (!salesDay) return refuse(`Invalid salesDt: ${String(sale.salesDt)}`);
  if (cfm.getTime() > book.now.getTime() + 60_000 || salesDay.getTime() > book.now.getTime())
    return refuse('Sales date cannot be in the future');
  if (typeof sale.receipt !== 'object' || sale.receipt === null || !parseKraDateTime(String(sale.receipt.rcptPbctDt ?? '')))
    return refuse('Expected a value for rcptPbctDt but is empty or null');

  // 2. The next number exactly; the counter moves only on success.
  if (sale.invcNo !== book.nextInvcNo) {
    if (checks.duplicateAs994 && book.sales.has(sale.invcNo)) return refuse('Overlapped data', '994');
    return refuse(`Invalid invcNo sequence, expected: ${book.nextInvcNo} but found: ${sale.invcNo}`);
  }

  // 3–5. Lines.
  if (!Array.isArray(sale.itemList) || sale.itemList.length === 0) return refuse('Expected a value for itemList but is empty or null');
  if (sale.itemList.length > 999) return refuse('Too many items: at most 999');
  const bandTaxable = Object.fromEntries(TAX_BANDS.map((b) => [b, 0])) as Record<TaxBand, Cents>;
  const bandTax = { ...bandTaxable };
  let total = 0;
  for (const [index, line] of sale.itemList.entries()) {
    const n = index + 1;
    if (line.itemSeq !== n) return refuse(`Invalid itemSeq on item: ${n}. Expected: ${n}, Found: ${String(line.itemSeq)}`);
    if (!text(line.itemNm, 200)) return refuse(`Expected a value for itemNm on item: ${n} but is empty or null`);
    const item = book.items.get(line.itemCd);
    if (!item || item.useYn !== 'Y')
      return refuse(
        `Items provided under the itemList section do not exist in your inventory: ${String(line.itemCd)}. Ensure it is added under item management package`,
      );
    const band = line.taxTyCd as TaxBand;
    if (!TAX_BANDS.includes(band)) return refuse(`Invalid taxTyCd on item: ${n}`);
    if (checks.itemBand && band !== item.taxTyCd) return refuse(`Invalid taxTyCd on item: ${n}. Expected: ${item.taxTyCd}, Found: ${band}`);
    if (typeof line.pkg !== 'number' || line.pkg < 1)
      return refuse(`Invalid pkg for ItemList ${n}. Expected: 1, Found: ${String(line.pkg)}`);
    if (typeof line.qty !== 'number' || !(line.qty > 0)) return refuse(`Invalid qty on item: ${n}`);
    if (line.qtyUnitCd !== item.qtyUnitCd)
      return refuse(`Invalid qtyUnitCd on item: ${n}. Expected: ${item.qtyUnitCd}, Found: ${String(line.qtyUnitCd)}`);
    const [prc, sply, taxbl, tax, tot] = [line.prc, line.splyAmt, line.taxblAmt, line.taxAmt, line.totAmt].map(cents);
    if (
      prc === null ||
      prc === undefined ||
      sply === null ||
      sply === undefined ||
      taxbl === null ||
      taxbl === undefined ||
      tax === null ||
      tax === undefined ||
      tot === null ||
      tot === undefined
    )
      return refuse(`Invalid amounts on item: ${n}`);
    const expectedSupply = Math.round(line.qty * prc);
    if (Math.abs(expectedSupply - sply) > 1)
      return refuse(`Invalid splyAmt on item: ${n}. Expected: ${fmt(expectedSupply)}, But Found: ${fmt(sply)}`);
    // A discount comes off the supply amount: the line's total is what is left, its tax split out of that.
    const dc = cents(line.dcAmt) ?? 0;
    const dcRt = typeof line.dcRt === 'number' ? line.dcRt : 0;
    if (dc < 0 || dc > sply) return refuse(`Invalid dcAmt on item: ${n}. Found: ${fmt(dc)}`);
    if (sply > 0 && Math.abs(dcRt - (dc * 100) / sply) > 0.01)
      return refuse(`Invalid dcRt on item: ${n}. Expected: ${((dc * 100) / sply).toFixed(2)}, But Found: ${String(line.dcRt)}`);
    const net = sply - dc;
    const split = splitInclusive(net, book.rates[band]);
    if (Math.abs(split.taxableCents - taxbl) > 1)
      return refuse(`Invalid taxblAmt on item: ${n}. Expected: ${fmt(split.taxableCents)}, But Found: ${fmt(taxbl)}`);
    if (Math.abs(net - taxbl - tax) > 1)
      return refuse(`Invalid taxAmt on item: ${n}. Expected: ${fmt(net - taxbl)}, But Found: ${fmt(tax)}`);
    if (tot !== net) return refuse(`Invalid totAmt on item: ${n}. Expected: ${fmt(net)}, But Found: ${fmt(tot)}`);
    bandTaxable[band] += taxbl;
    bandTax[band] += tax;
    total += tot;
  }

  // 6. Header: rates from the code list, band totals from the lines.
  for (const band of TAX_BANDS) {
    const rate = (sale as unknown as Record<string, unknown>)[`taxRt${band}`];
    const expected = book.rates[band] / 100;
    if (typeof rate !== 'number' || Math.abs(rate - expected) > 1e-9)
      return refuse(`Rule taxRt${band} failed: Tax rate mismatch. Expected: ${expected.toFixed(2)}, Found: ${String(rate)}`);
  }
  if (checks.headerTotals) {
    const header = sale as unknown as Record<string, unknown>;
    for (const band of TAX_BANDS) {
      if (cents(header[`taxblAmt${band}`]) !== bandTaxable[band])
        return refuse(`Invalid taxblAmt${band}. Expected: ${fmt(bandTaxable[band])}, But Found: ${String(header[`taxblAmt${band}`])}`);
      if (cents(header[`taxAmt${band}`]) !== bandTax[band])
        return refuse(`Invalid taxAmt${band}. Expected: ${fmt(bandTax[band])}, But Found: ${String(header[`taxAmt${band}`])}`);
    }
    const taxable = TAX_BANDS.reduce((s, b) => s + bandTaxable[b], 0);
    const taxes = TAX_BANDS.reduce((s, b) => s + bandTax[b], 0);
    if (cents(sale.totTaxblAmt) !== taxable)
      return refuse(`Invalid totTaxblAmt. Expected: ${fmt(taxable)}, But Found: ${String(sale.totTaxblAmt)}`);
    if (cents(sale.totTaxAmt) !== taxes) return refuse(`Invalid totTaxAmt. Expected: ${fmt(taxes)}, But Found: ${String(sale.totTaxAmt)}`);
    if (cents(sale.totAmt) !== total) return refuse(`Invalid totAmt. Expected: ${fmt(total)}, But Found: ${String(sale.totAmt)}`);
    if (sale.totItemCnt !== sale.itemList.length)
      return refuse(`Invalid totItemCnt. Expected: ${sale.itemList.length}, Found: ${String(sale.totItemCnt)}`);
  }

  // 7. Goods sold must be in KRA's stock (services have none); the sale's stock IO, after it, takes them out.
  if (checks.stockCheck && sale.rcptTyCd === 'S') {
    const wanted = new Map<string, number>();
    for (const line of sale.itemList) {
      if (book.items.get(line.itemCd)?.itemTyCd === '3') continue;
      wanted.set(line.itemCd, (wanted.get(line.itemCd) ?? 0) + line.qty);
    }
    for (const [itemCd, qty] of wanted) {
      // Quantities in kg carry decimals: a sum of them may be off in its last binary digit.
      if ((book.stock.get(itemCd) ?? 0) < qty - 1e-9)
        return refuse(
          `Items provided under the itemList section do not exist in your stock: ${itemCd} (asked ${qty}, held ${book.stock.get(itemCd) ?? 0})`,
        );
    }
  }

  // 8. A credit note names a stored sale, its date and a reason.
  if (sale.rcptTyCd === 'R') {
    const original = book.sales.get(sale.orgInvcNo);
    if (!original || original.request.rcptTyCd !== 'S') return refuse(`orgInvcNo does not exist: ${String(sale.orgInvcNo)}`);
    if (!sale.rfdDt || !parseKraDateTime(sale.rfdDt)) return refuse('Missing RfdDt Date');
    if (!sale.rfdRsnCd || !book.creditNoteReasons.includes(sale.rfdRsnCd)) return refuse('Invalid RfdRsnCd');
    if ((sale.custTin ?? null) !== (original.request.custTin ?? null)) return refuse('custTin does not match the original invoice');
  } else if (sale.orgInvcNo !== 0) {
    return refuse(`Invalid orgInvcNo for a sale: ${String(sale.orgInvcNo)}`);
  }
  return { ok: true, sale };
}
