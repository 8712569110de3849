// KRA eTIMS OSCU request shapes (as sent, KRA's field names) and the client's typed surface. The
// API facts and what is not confirmed are in docs/etims.md.

/** Amounts go to KRA as JSON numbers with at most 2 decimals (major units). */
type Amount = number;

// ---------------------------------------------------------------------------------------------
// saveItem
// ---------------------------------------------------------------------------------------------

export interface ItemSaveRequest {
  itemCd: string;
  itemClsCd: string;
  /** 1 raw material, 2 finished product, 3 service. */
  itemTyCd: '1' | '2' | '3';
  itemNm: string;
  itemStdNm: string | null;
  orgnNatCd: string;
  pkgUnitCd: string;
  qtyUnitCd: string;
  taxTyCd: string;
  btchNo: string | null;
  bcd: string | null;
  dftPrc: Amount;
  grpPrcL1: Amount | null;
  grpPrcL2: Amount | null;
  grpPrcL3: Amount | null;
  grpPrcL4: Amount | null;
  grpPrcL5: Amount | null;
  addInfo: string | null;
  sftyQty: number | null;
  isrcAplcbYn: 'Y' | 'N';
  useYn: 'Y' | 'N';
  regrId: string;
  regrNm: string;
  modrId: string;
  modrNm: string;
}

// ---------------------------------------------------------------------------------------------
// saveTrnsSalesOsdc (sale: rcptTyCd 'S'; credit note: 'R')
// ---------------------------------------------------------------------------------------------

export interface SalesItem {
  itemSeq: number;
  itemCd: string;
  itemClsCd: string;
  itemNm: string;
  bcd: string | null;
  pkgUnitCd: string;
  pkg: number;
  qtyUnitCd: string;
  qty: number;
  prc: Amount;
  splyAmt: Amount;
  dcRt: number;
  dcAmt: Amount;
  isrccCd: string | null;
  isrccNm: string | null;
  isrcRt: number | null;
  isrcAmt: Amount | null;
  taxTyCd: string;
  taxblAmt: Amount;
  taxAmt: Amount;
  totAmt: Amount;
}

interface SalesReceipt {
  custTin: string | null;
  custMblNo: string | null;
  rcptPbctDt: string;
  trdeNm: string | null;
  adrs: string | null;
  topMsg: string | null;
  btmMsg: string | null;
  prchrAcptcYn: 'Y' | 'N';
}

export interface SalesSaveRequest {
  trdInvcNo: string;
  invcNo: number;
  orgInvcNo: number;
  custTin: string | null;
  custNm: string | null;
  salesTyCd: 'N';
  rcptTyCd: 'S' | 'R';
  pmtTyCd: string | null;
  salesSttsCd: '02';
  /** yyyyMMddHHmmss, Nairobi time. */
  cfmDt: string;
  /** yyyyMMdd. */
  salesDt: string;
  stockRlsDt: string | null;
  cnclReqDt: null;
  cnclDt: null;
  rfdDt: string | null;
  rfdRsnCd: string | null;
  totItemCnt: number;
  taxblAmtA: Amount;
  taxblAmtB: Amount;
  taxblAmtC: Amount;
  taxblAmtD: Amount;
  taxblAmtE: Amount;
  taxRtA: number;
  taxRtB: number;
  taxRtC: number;
  taxRtD: number;
  taxRtE: number;
  taxAmtA: Amount;
  taxAmtB: Amount;
  taxAmtC: Amount;
  taxAmtD: Amount;
  taxAmtE: Amount;
  totTaxblAmt: Amount;
  totTaxAmt: Amount;
  totAmt: Amount;
  prchrAcptcYn: 'Y' | 'N';
  remark: string | null;
  regrId: string;
  regrNm: string;
  modrId: string;
  modrNm: string;
  receipt: SalesReceipt;
  itemList: SalesItem[];
}

// ---------------------------------------------------------------------------------------------
// insertStockIO (stock in or out, numbered by sarNo) and saveStockMaster (what is left of an item)
// ---------------------------------------------------------------------------------------------

interface StockIOItem {
  itemSeq: number;
  itemCd: string;
  itemClsCd: string;
  itemNm: string;
  bcd: string | null;
  pkgUnitCd: string;
  pkg: number;
  qtyUnitCd: string;
  qty: number;
  itemExprDt: string | null;
  prc: Amount;
  splyAmt: Amount;
  totDcAmt: Amount;
  taxblAmt: Amount;
  taxTyCd: string;
  taxAmt: Amount;
  totAmt: Amount;
}

export interface StockIOSaveRequest {
  /** The next number of the PIN's stock sequence, from 1 without gaps. */
  sarNo: number;
  orgSarNo: number;
  /** A automatic (the shop's own: sales, refunds), M manual (the merchant's). */
  regTyCd: 'A' | 'M';
  custTin: string | null;
  custNm: string | null;
  custBhfId: string | null;
  /** Stock in/out type, code class 12 (src/domain/kra-stock-types.ts). */
  sarTyCd: string;
  /** yyyyMMdd. */
  ocrnDt: string;
  totItemCnt: number;
  totTaxblAmt: Amount;
  totTaxAmt: Amount;
  totAmt: Amount;
  remark: string | null;
  regrId: string;
  regrNm: string;
  modrId: string;
  modrNm: string;
  itemList: StockIOItem[];
}

export interface StockMasterSaveRequest {
  itemCd: string;
  /** What is left of the item after the stock IO before it. */
  rsdQty: number;
  regrId: string;
  regrNm: string;
  modrId: string;
  modrNm: string;
}

// ---------------------------------------------------------------------------------------------
// Answers, as the client returns them (camelCase, parsed)
// ---------------------------------------------------------------------------------------------

export interface DeviceInfo {
  tin: string;
  taxprNm: string;
  bhfId: string;
  bhfNm: string;
  dvcId: string;
  /** The control unit's id, printed as CU ID. */
  sdcId: string;
  mrcNo: string;
  cmcKey: string;
}

interface CodeDetail {
  cd: string;
  cdNm: string;
  userDfnCd1: string | null;
  useYn: string;
}

export interface CodeClass {
  cdCls: string;
  cdClsNm: string;
  dtlList: CodeDetail[];
}

export interface ItemClass {
  itemClsCd: string;
  itemClsNm: string;
  taxTyCd: string | null;
  useYn: string;
}

/** What KRA signs a sale or credit note with. */
export interface SignedReceipt {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  /** The control unit's date and time. */
  sdcDateTime: Date;
}

export interface InvoiceLookup {
  trdInvcNo: string | null;
  rcptTyCd: string | null;
  totAmt: number | null;
  receipt: SignedReceipt;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * What a failed call means for the caller:
 * - 'unreachable': no answer, a timeout, HTTP 5xx/408/429, or a server-side failure KRA says to try
 *   later (894, 990–993, 999). A save's outcome is unknown: look it up before sending it again.
 * - 'refused': KRA read the request and refused it (910–912, 921, 922, 89x client errors, an
 *   integrator HTTP 400); trying the same request again is useless.
 * - 'sequence': refused because invcNo is not the next number; `expectedInvcNo` is KRA's when named.
 * - 'duplicate': 994, the data was there already.
 * - 'device': the device or its key is not valid (900–903): a configuration problem.
 * - 'invalid_response': an answer the client cannot read.
 */
export type EtimsErrorKind = 'unreachable' | 'refused' | 'sequence' | 'duplicate' | 'device' | 'invalid_response';

export class EtimsError extends Error {
  readonly kind: EtimsErrorKind;
  /** KRA's resultCd, or the client's own: 'timeout', 'network_error', 'http_error', 'invalid_response'. */
  readonly code: string;
  readonly httpStatus: number;
  readonly expectedInvcNo: number | null;

  constructor(init: {
    kind: EtimsErrorKind;
    code: string;
    message: string;
    httpStatus?: number;
    expectedInvcNo?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'EtimsError';
    this.kind = init.kind;
    this.code = init.code;
    this.httpStatus = init.httpStatus ?? 0;
    this.expectedInvcNo = init.expectedInvcNo ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

type EtimsGateway = 'legacy' | 'integrator';

export interface EtimsClientOptions {
  baseUrl: string;
  gateway: EtimsGateway;
  /** Taxpayer PIN (11 characters) and branch id ('00' for the head office). */
  tin: string;
  bhfId: string;
  /** OAuth client credentials: required on the integrator gateway, sent to the legacy host only when set. */
  oauth?: { tokenUrl: string; consumerKey: string; consumerSecret: string; apigeeAppId?: string };
  fetch?: typeof fetch;
  /** Per call, covering the body read. Default 30000. */
  timeoutMs?: number;
  now?: () => number;
  /** Never receives the communication key or tokens. */
  log?: (msg: string, data?: Record<string, unknown>) => void;
}

export interface EtimsClient {
  readonly gateway: EtimsGateway;
  /** selectInitOsdcInfo: once per device. A device KRA already installed answers 'device' code 902. */
  initialize(dvcSrlNo: string): Promise<DeviceInfo>;
  /** selectCodeList: classes changed after lastReqDt (yyyyMMddHHmmss); [] when nothing is newer. */
  codeLists(cmcKey: string, lastReqDt: string): Promise<CodeClass[]>;
  itemClasses(cmcKey: string, lastReqDt: string): Promise<ItemClass[]>;
  saveItem(cmcKey: string, item: ItemSaveRequest): Promise<void>;
  /** saveTrnsSalesOsdc: a sale or a credit note; never retried by the client. */
  saveSale(cmcKey: string, sale: SalesSaveRequest): Promise<SignedReceipt>;
  /** The invoice KRA holds under invcNo, or null when it has none. */
  lookupInvoice(cmcKey: string, invcNo: number): Promise<InvoiceLookup | null>;
  /** insertStockIO: one stock movement under the next sarNo; never retried by the client. */
  insertStockIO(cmcKey: string, io: StockIOSaveRequest): Promise<void>;
  /** saveStockMaster: what is left of an item (after its stock IO). */
  saveStockMaster(cmcKey: string, master: StockMasterSaveRequest): Promise<void>;
}

/** The client and the device the shop declares from (PIN, branch, serial). */
export interface EtimsIntegration {
  client: EtimsClient;
  device: { tin: string; bhfId: string; dvcSrlNo: string };
}
