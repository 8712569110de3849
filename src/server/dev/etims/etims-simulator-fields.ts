// The fields KRA's OSCU API names for each request the shop sends (docs/etims.md), for the
// simulator's strict switch: a field KRA does not name is refused, so a typo or a field KRA never
// defined is found here before KRA's sandbox finds it (or silently ignores it).
import type {
  ItemSaveRequest,
  SalesItem,
  SalesSaveRequest,
  StockIOSaveRequest,
  StockMasterSaveRequest,
} from '../../integrations/etims/etims-types';

/** Every key of T, listed: the compiler keeps the lists equal to the request types. */
const keys = <T>(all: Record<keyof T, true>): readonly string[] => Object.keys(all);

/** Sent with every call (headers, and the body, as working clients differ). */
const IDENTITY = ['tin', 'bhfId', 'cmcKey'];

const ITEM = keys<ItemSaveRequest>({
  itemCd: true,
  itemClsCd: true,
  itemTyCd: true,
  itemNm: true,
  itemStdNm: true,
  orgnNatCd: true,
  pkgUnitCd: true,
  qtyUnitCd: true,
  taxTyCd: true,
  btchNo: true,
  bcd: true,
  dftPrc: true,
  grpPrcL1: true,
  grpPrcL2: true,
  grpPrcL3: true,
  grpPrcL4: true,
  grpPrcL5: true,
  addInfo: true,
  sftyQty: true,
  isrcAplcbYn: true,
  useYn: true,
  regrId: true,
  regrNm: true,
  modrId: true,
  modrNm: true,
});

const SALE = keys<SalesSaveRequest>({
  trdInvcNo: true,
  invcNo: true,
  orgInvcNo: true,
  custTin: true,
  custNm: true,
  salesTyCd: true,
  rcptTyCd: true,
  pmtTyCd: true,
  salesSttsCd: true,
  cfmDt: true,
  salesDt: true,
  stockRlsDt: true,
  cnclReqDt: true,
  cnclDt: true,
  rfdDt: true,
  rfdRsnCd: true,
  totItemCnt: true,
  taxblAmtA: true,
  taxblAmtB: true,
  taxblAmtC: true,
  taxblAmtD: true,
  taxblAmtE: true,
  taxRtA: true,
  taxRtB: true,
  taxRtC: true,
  taxRtD: true,
  taxRtE: true,
  taxAmtA: true,
  taxAmtB: true,
  taxAmtC: true,
  taxAmtD: true,
  taxAmtE: true,
  totTaxblAmt: true,
  totTaxAmt: true,
  totAmt: true,
  prchrAcptcYn: true,
  remark: true,
  regrId: true,
  regrNm: true,
  modrId: true,
  modrNm: true,
  receipt: true,
  itemList: true,
});

const RECEIPT = keys<SalesSaveRequest['receipt']>({
  custTin: true,
  custMblNo: true,
  rcptPbctDt: true,
  trdeNm: true,
  adrs: true,
  topMsg: true,
  btmMsg: true,
  prchrAcptcYn: true,
});

const SALE_ITEM = keys<SalesItem>({
  itemSeq: true,
  itemCd: true,
  itemClsCd: true,
  itemNm: true,
  bcd: true,
  pkgUnitCd: true,
  pkg: true,
  qtyUnitCd: true,
  qty: true,
  prc: true,
  splyAmt: true,
  dcRt: true,
  dcAmt: true,
  isrccCd: true,
  isrccNm: true,
  isrcRt: true,
  isrcAmt: true,
  taxTyCd: true,
  taxblAmt: true,
  taxAmt: true,
  totAmt: true,
});

const STOCK_IO = keys<StockIOSaveRequest>({
  sarNo: true,
  orgSarNo: true,
  regTyCd: true,
  custTin: true,
  custNm: true,
  custBhfId: true,
  sarTyCd: true,
  ocrnDt: true,
  totItemCnt: true,
  totTaxblAmt: true,
  totTaxAmt: true,
  totAmt: true,
  remark: true,
  regrId: true,
  regrNm: true,
  modrId: true,
  modrNm: true,
  itemList: true,
});

const STOCK_IO_ITEM = keys<StockIOSaveRequest['itemList'][number]>({
  itemSeq: true,
  itemCd: true,
  itemClsCd: true,
  itemNm: true,
  bcd: true,
  pkgUnitCd: true,
  pkg: true,
  qtyUnitCd: true,
  qty: true,
  itemExprDt: true,
  prc: true,
  splyAmt: true,
  totDcAmt: true,
  taxblAmt: true,
  taxTyCd: true,
  taxAmt: true,
  totAmt: true,
});

const STOCK_MASTER = keys<StockMasterSaveRequest>({ itemCd: true, rsdQty: true, regrId: true, regrNm: true, modrId: true, modrNm: true });

/** The top-level fields of each call the simulator knows, and of its lines; a call not listed is not checked. */
const FIELDS: Record<string, { top: readonly string[]; receipt?: readonly string[]; line?: readonly string[] }> = {
  initialize: { top: ['tin', 'bhfId', 'dvcSrlNo'] },
  codeLists: { top: [...IDENTITY, 'lastReqDt'] },
  itemClasses: { top: [...IDENTITY, 'lastReqDt'] },
  saveItem: { top: [...IDENTITY, ...ITEM] },
  saveSale: { top: [...IDENTITY, ...SALE], receipt: RECEIPT, line: SALE_ITEM },
  lookupInvoice: { top: [...IDENTITY, 'invcNo'] },
  insertStockIO: { top: [...IDENTITY, ...STOCK_IO], line: STOCK_IO_ITEM },
  saveStockMaster: { top: [...IDENTITY, ...STOCK_MASTER] },
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const stray = (value: unknown, known: readonly string[], where: string): string | null => {
  if (!isObject(value)) return null;
  const field = Object.keys(value).find((k) => !known.includes(k));
  return field === undefined ? null : `${where}${field}`;
};

/** The first field of the request KRA does not name ('receipt.foo', 'itemList[2].bar'), or null. */
export function unknownField(op: string, body: Record<string, unknown>): string | null {
  const known = FIELDS[op];
  if (!known) return null;
  const top = stray(body, known.top, '');
  if (top) return top;
  const inReceipt = known.receipt ? stray(body.receipt, known.receipt, 'receipt.') : null;
  if (inReceipt) return inReceipt;
  const lines = known.line && Array.isArray(body.itemList) ? body.itemList : [];
  for (const [i, line] of lines.entries()) {
    const inLine = stray(line, known.line ?? [], `itemList[${i}].`);
    if (inLine) return inLine;
  }
  return null;
}
