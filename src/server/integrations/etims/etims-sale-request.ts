// A priced invoice as KRA's saveTrnsSalesOsdc request: amounts in major units with two decimals,
// all fifteen band fields (zero when unused), rates from KRA's code list, dates in Nairobi time.
import type { PricedInvoice } from '@/domain/etims-invoice';
import { TAX_BANDS } from '@/domain/tax-bands';
import { kraDate, kraDateTime } from './etims-dates';
import type { SalesItem, SalesSaveRequest } from './etims-types';

/** How an item is registered at KRA (the codes of etims_items). */
export interface RegisteredItem {
  itemCd: string;
  itemClsCd: string;
  pkgUnitCd: string;
  qtyUnitCd: string;
}

export interface SaleRequestInput {
  kind: 'sale' | 'credit_note';
  /** The shop's own reference (trdInvcNo). */
  reference: string;
  invcNo: number;
  /** A credit note's sale, by KRA number; 0 for a sale. */
  orgInvcNo: number;
  at: Date;
  invoice: PricedInvoice;
  items: ReadonlyMap<string, RegisteredItem>;
  /** The buyer's name as KRA prints it (custNm): a business buyer's business name, else the customer's. */
  customerName: string | null;
  customerPhone: string | null;
  /** A business buyer's KRA PIN (custTin); null for a consumer sale. */
  buyerPin: string | null;
  /** KRA's payment-type code (class 07), when known. */
  paymentTypeCode: string | null;
  /** A credit note's reason (class 32). */
  refundReasonCode?: string;
  remark?: string | null;
}

/** Cents as KRA's number: 21552 → 215.52. */
export const amount = (cents: number): number => Math.round(cents) / 100;

/** The discount as a percentage of the supply amount, to 2 decimals (KRA's dcRt); 0 without one. */
const discountRate = (discountCents: number, supplyCents: number): number =>
  supplyCents > 0 ? Math.round((discountCents * 10_000) / supplyCents) / 100 : 0;

const SHOP_USER = { regrId: 'shop', regrNm: 'online-shop', modrId: 'shop', modrNm: 'online-shop' } as const;

const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

export function buildSaleRequest(input: SaleRequestInput): SalesSaveRequest {
  const { invoice } = input;
  const when = kraDateTime(input.at);
  const itemList: SalesItem[] = invoice.lines.map((line, index) => {
    const item = input.items.get(line.itemKey);
    if (!item) throw new Error(`Item ${line.itemKey} is not registered with KRA`);
    return {
      itemSeq: index + 1,
      itemCd: item.itemCd,
      itemClsCd: item.itemClsCd,
      itemNm: line.name.slice(0, 200),
      bcd: null,
      pkgUnitCd: item.pkgUnitCd,
      pkg: 1,
      qtyUnitCd: item.qtyUnitCd,
      qty: line.quantity,
      prc: amount(line.unitPriceCents),
      splyAmt: amount(line.supplyCents),
      dcRt: discountRate(line.discountCents, line.supplyCents),
      dcAmt: amount(line.discountCents),
      isrccCd: null,
      isrccNm: null,
      isrcRt: null,
      isrcAmt: null,
      taxTyCd: line.band,
      taxblAmt: amount(line.taxableCents),
      taxAmt: amount(line.taxCents),
      totAmt: amount(line.totalCents),
    };
  });
  const bands = Object.fromEntries(
    TAX_BANDS.flatMap((b) => [
      [`taxblAmt${b}`, amount(invoice.bands[b].taxableCents)],
      [`taxRt${b}`, invoice.bands[b].rateBp / 100],
      [`taxAmt${b}`, amount(invoice.bands[b].taxCents)],
    ]),
  ) as Pick<
    SalesSaveRequest,
    `taxblAmt${'A' | 'B' | 'C' | 'D' | 'E'}` | `taxRt${'A' | 'B' | 'C' | 'D' | 'E'}` | `taxAmt${'A' | 'B' | 'C' | 'D' | 'E'}`
  >;
  const credit = input.kind === 'credit_note';
  return {
    trdInvcNo: input.reference.slice(0, 50),
    invcNo: input.invcNo,
    orgInvcNo: credit ? input.orgInvcNo : 0,
    custTin: cut(input.buyerPin, 11),
    custNm: cut(input.customerName, 60),
    salesTyCd: 'N',
    rcptTyCd: credit ? 'R' : 'S',
    pmtTyCd: input.paymentTypeCode,
    salesSttsCd: '02',
    cfmDt: when,
    salesDt: kraDate(input.at),
    stockRlsDt: credit ? null : when,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? when : null,
    rfdRsnCd: credit ? (input.refundReasonCode ?? '06') : null,
    totItemCnt: itemList.length,
    ...bands,
    totTaxblAmt: amount(invoice.totalTaxableCents),
    totTaxAmt: amount(invoice.totalTaxCents),
    totAmt: amount(invoice.totalCents),
    prchrAcptcYn: 'N',
    remark: cut(input.remark ?? null, 400),
    ...SHOP_USER,
    receipt: {
      custTin: cut(input.buyerPin, 11),
      custMblNo: cut(input.customerPhone, 20),
      rcptPbctDt: when,
      trdeNm: null,
      adrs: null,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: 'N',
    },
    itemList,
  };
}
