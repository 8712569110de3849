// The stock requests the shop sends KRA (insertStockIO, saveStockMaster) and how it reads KRA's
// stock refusals. One movement of one item per stock IO: its amounts are the units at the variant's
// price, VAT included, split as a sale line is (KRA wants them non-zero and tax-inclusive).
import { splitInclusive } from '@/domain/etims-invoice';
import type { Cents } from '@/domain/money';
import { kraDate } from './etims-dates';
import { amount, type RegisteredItem } from './etims-sale-request';
import type { StockIOSaveRequest, StockMasterSaveRequest } from './etims-types';

const WHO = { regrId: 'shop', regrNm: 'online-shop', modrId: 'shop', modrNm: 'online-shop' } as const;

export interface StockIOInput {
  sarNo: number;
  sarTyCd: string;
  /** The shop's own movement (a sale, a refund) or the merchant's. */
  automatic: boolean;
  at: Date;
  remark: string | null;
  item: RegisteredItem & { itemNm: string; taxTyCd: string };
  quantity: number;
  unitPriceCents: Cents;
  /** The item's band rate, basis points. */
  rateBp: number;
}

export function buildStockIORequest(input: StockIOInput): StockIOSaveRequest {
  const supply = Math.round(input.quantity * input.unitPriceCents);
  const { taxableCents, taxCents } = splitInclusive(supply, input.rateBp);
  return {
    sarNo: input.sarNo,
    orgSarNo: 0,
    regTyCd: input.automatic ? 'A' : 'M',
    custTin: null,
    custNm: null,
    custBhfId: null,
    sarTyCd: input.sarTyCd,
    ocrnDt: kraDate(input.at),
    totItemCnt: 1,
    totTaxblAmt: amount(taxableCents),
    totTaxAmt: amount(taxCents),
    totAmt: amount(supply),
    remark: input.remark?.slice(0, 400) ?? null,
    ...WHO,
    itemList: [
      {
        itemSeq: 1,
        itemCd: input.item.itemCd,
        itemClsCd: input.item.itemClsCd,
        itemNm: input.item.itemNm.slice(0, 200),
        bcd: null,
        pkgUnitCd: input.item.pkgUnitCd,
        pkg: 1,
        qtyUnitCd: input.item.qtyUnitCd,
        qty: input.quantity,
        itemExprDt: null,
        prc: amount(input.unitPriceCents),
        splyAmt: amount(supply),
        totDcAmt: 0,
        taxblAmt: amount(taxableCents),
        taxTyCd: input.item.taxTyCd,
        taxAmt: amount(taxCents),
        totAmt: amount(supply),
      },
    ],
  };
}

export function buildStockMasterRequest(itemCd: string, rsdQty: number): StockMasterSaveRequest {
  return { itemCd, rsdQty, ...WHO };
}

/** KRA refusing a sale of goods it holds no stock of ("… do not exist in your stock"). */
export function isNoStockRefusal(message: string): boolean {
  return /in your stock|insufficient stock|out of stock/i.test(message);
}

/** The sarNo KRA expects, when a refusal names it ("Invalid sarNo: Expected: 10 but found: 15"). */
export function expectedSarNo(message: string): number | null {
  const found = /sar\s*no\b.*?expected\s*:?\s*(\d+)/i.exec(message);
  return found?.[1] ? Number.parseInt(found[1], 10) : null;
}
