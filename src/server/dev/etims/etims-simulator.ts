// An in-memory stand-in for KRA's eTIMS OSCU API, for development and tests. It speaks the legacy
// host's paths (and the integrator gateway's names for the same calls) and follows the behaviour
// described in docs/etims.md: initialisation once per device serial, code lists filtered by
// lastReqDt, items registered with KRA's item-code shape and running number, sales and credit notes
// checked (etims-simulator-sales.ts), numbered without gaps and signed, and looked up by number.
//
// Where KRA's behaviour is unknown it picks something strict and says so in docs/etims.md. The
// signature and internal data are an HMAC of the sale under a per-device key, encoded in base32 like
// KRA's (16 and 26 characters): deterministic for tests, meaningless to KRA.
//
// Switches, for tests and for a developer: 'down' answers HTTP 503, 'hang' never answers (the
// client times out), 'slow' answers after slowMs; loseAnswers makes the next sales be signed and
// stored but never answered (a timeout after KRA accepted the sale); loseShare loses that share of
// sale and lookup answers by a pattern drawn from loseSeed (the same every run), each either
// dropped at once or left hanging (loseAs), a lost sale half the time before KRA recorded it.
// requireToken refuses calls without a Bearer token from its token endpoint (etims-simulator-token.ts),
// strictFields refuses a request with a field KRA does not name (etims-simulator-fields.ts), and
// lastReqMaxDays refuses a lastReqDt older than that many days (KRA is reported to; unconfirmed).
// Stock (etims-simulator-stock.ts): stock IOs and masters per item; a goods sale needs the stock
// (stockCheck, on by default); stockDown makes only the stock calls answer HTTP 503.
import { createHmac, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { BandRates } from '@/domain/etims-invoice';
import { kraDateTime, parseKraDateTime } from '../../integrations/etims/etims-dates';
import type { ItemSaveRequest, SalesSaveRequest } from '../../integrations/etims/etims-types';
import { SIMULATOR_ITEM_CLASSES, simulatorCodeLists } from './etims-simulator-codes';
import { TAX_BAND_RATE_BP } from '@/domain/tax-bands';
import { checkSale, type SaleChecks } from './etims-simulator-sales';
import { unknownField } from './etims-simulator-fields';
import { SIMULATOR_TOKEN_PATH, simulatorTokens } from './etims-simulator-token';
import { newStockBook, takeStockIO, takeStockMaster, type StockBook, type StockEntry } from './etims-simulator-stock';

interface EtimsSimulatorDevice {
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
}

export interface EtimsSimulatorOptions {
  /** Device serials KRA "issued": only these can be initialised. */
  devices: EtimsSimulatorDevice[];
  /** Answer refusals as the integrator gateway does (HTTP 400 and a message) instead of resultCd 910. */
  integratorErrors?: boolean;
  now?: () => Date;
}

interface EtimsSimulatorSwitches extends SaleChecks {
  mode: 'up' | 'down' | 'hang' | 'slow';
  slowMs: number;
  /** This many coming sales are signed and stored, but their answers never arrive. */
  loseAnswers: number;
  /** This share (0 to 1) of sale and lookup answers is lost, picked by a pattern drawn from loseSeed. */
  loseShare: number;
  loseSeed: number;
  /** How an answer is lost: 'drop' closes the connection at once, 'hang' never answers (the client times out). */
  loseAs: 'drop' | 'hang';
  /** KRA's sandbox was seen demanding 0 for band E; the code lists say 8. */
  rateE: 8 | 0;
  /** Every call needs a Bearer token from the token endpoint (HTTP 401 without one). */
  requireToken: boolean;
  /** A request with a field KRA's API does not name is refused (910). */
  strictFields: boolean;
  /** A code-list pull older than this many days is refused (910); null: any date. A pull it takes gets the whole list. */
  lastReqMaxDays: number | null;
  /** KRA's stock calls answer HTTP 503 while sales are taken (its stock service away). */
  stockDown: boolean;
}

interface SimDevice extends EtimsSimulatorDevice {
  initialised: boolean;
  dvcId: string;
  sdcId: string;
  mrcNo: string;
  cmcKey: string;
  signKey: Buffer;
  items: Map<string, ItemSaveRequest>;
  nextInvcNo: number;
  receipts: number;
  sales: Map<number, { request: SalesSaveRequest; receipt: SimReceipt }>;
  stock: StockBook;
}

interface SimReceipt {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: Date;
}

interface SimRequestLogEntry {
  op: string;
  invcNo: number | null;
  /** What KRA made of the call ('not received' when it was lost on the way). */
  resultCd: string;
  /** The answer never reached the caller (loseShare). */
  lost?: true;
}

export interface EtimsSimulator {
  app: Hono;
  switches: EtimsSimulatorSwitches;
  /** The signed sales and credit notes of a device, in invoice-number order. */
  sales(tin: string, bhfId: string): { request: SalesSaveRequest; receipt: SimReceipt }[];
  /** Items registered for a device, by item code. */
  items(tin: string, bhfId: string): ReadonlyMap<string, ItemSaveRequest>;
  /** The stock IOs and stock masters a device's KRA accepted, in arrival order, and the units it holds per item. */
  stock(tin: string, bhfId: string): { accepted: readonly StockEntry[]; held: ReadonlyMap<string, number> };
  requestLog: SimRequestLogEntry[];
  /** Every token issued so far stops working (the client must fetch a new one). */
  revokeTokens(): void;
  /** Answers every hanging request (so nothing is left waiting) and restores the default switches. */
  reset(): void;
}

const DEFAULT_SWITCHES: EtimsSimulatorSwitches = {
  mode: 'up',
  slowMs: 2_000,
  loseAnswers: 0,
  loseShare: 0,
  loseSeed: 1,
  loseAs: 'drop',
  rateE: 8,
  headerTotals: true,
  itemBand: true,
  duplicateAs994: false,
  requireToken: false,
  strictFields: false,
  lastReqMaxDays: null,
  stockCheck: true,
  stockDown: false,
};
/** When the simulator's code lists last "changed": any later lastReqDt gets '001' (nothing newer). */
const CODES_CHANGED = '20260101000000';
const ITEM_CODE = /^([A-Z]{2})([1-3])([A-Z]{2})([A-Z]{2})(\d{7})$/;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A small seeded generator (mulberry32): the same seed gives the same losses. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An answer whose connection breaks while it is read (the client sees a network error). */
const dropped = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('connection reset by the simulator'));
      },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export function createEtimsSimulator(opts: EtimsSimulatorOptions): EtimsSimulator {
  const now = opts.now ?? (() => new Date());
  const switches: EtimsSimulatorSwitches = { ...DEFAULT_SWITCHES };
  const requestLog: SimRequestLogEntry[] = [];
  const hanging = new Set<() => void>();
  const devices = new Map<string, SimDevice>(
    opts.devices.map((d) => [
      `${d.tin}:${d.bhfId}`,
      {
        ...d,
        initialised: false,
        dvcId: digits(16),
        sdcId: `KRACU${digits(10)}`,
        mrcNo: `WIS${digits(8)}`,
        cmcKey: randomBytes(32).toString('hex'),
        signKey: randomBytes(32),
        items: new Map(),
        nextInvcNo: 1,
        receipts: 0,
        sales: new Map(),
        stock: newStockBook(),
      },
    ]),
  );
  const rates = (): BandRates => ({ ...TAX_BAND_RATE_BP, E: switches.rateE * 100 });
  const tokens = simulatorTokens(now);

  const hang = () => new Promise<void>((resolve) => hanging.add(resolve));
  let draws = { seed: switches.loseSeed, next: seeded(switches.loseSeed) };
  /** A draw in [0, 1) for the next sale or lookup; below loseShare its answer is lost. */
  const draw = () => {
    if (draws.seed !== switches.loseSeed) draws = { seed: switches.loseSeed, next: seeded(switches.loseSeed) };
    return draws.next();
  };
  /** Loses the answer to the call just logged. */
  const lose = async (): Promise<Response> => {
    const entry = requestLog[requestLog.length - 1];
    if (entry) entry.lost = true;
    if (switches.loseAs === 'drop') return dropped();
    await hang();
    return dropped();
  };
  const answer = (c: Context, resultCd: string, resultMsg: string, data: unknown = null) => {
    const body = { resultCd, resultMsg, resultDt: kraDateTime(now()), data };
    if (opts.integratorErrors && resultCd !== '000' && resultCd !== '001') return c.text(resultMsg, 400);
    return c.json(body, 200);
  };
  const log = (op: string, resultCd: string, invcNo: number | null = null) => requestLog.push({ op, invcNo, resultCd });

  /** The device named by the headers (or, as some clients send them, the body), if its key is right. */
  const deviceOf = (c: Context, body: Record<string, unknown>): SimDevice | string => {
    const tin = c.req.header('tin') ?? (body.tin as string | undefined);
    const bhfId = c.req.header('bhfId') ?? (body.bhfId as string | undefined);
    const cmcKey = c.req.header('cmcKey') ?? (body.cmcKey as string | undefined);
    if (!tin || !bhfId || !cmcKey) return '900';
    const device = devices.get(`${tin}:${bhfId}`);
    if (!device?.initialised || device.cmcKey !== cmcKey) return '901';
    return device;
  };

  const app = new Hono();

  // KRA's API only: the switches (etims-simulator-switches.ts) answer while "KRA" is down.
  app.use('/etims-api/*', async (c, next) => {
    if (switches.mode === 'down') return c.text('Service Unavailable', 503);
    if (switches.mode === 'hang') {
      await hang();
      return c.text('Gateway Timeout', 504);
    }
    if (switches.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, switches.slowMs));
    if (switches.requireToken && !tokens.carriesValidToken(c)) {
      log(c.req.path.replace(/^.*\//, ''), '401');
      return tokens.refuse(c);
    }
    await next();
  });
  app.get(SIMULATOR_TOKEN_PATH, (c) => tokens.generate(c));

  const readBody = async (c: Context): Promise<Record<string, unknown> | null> => {
    const body: unknown = await c.req.json().catch(() => null);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  };

  /** strictFields: the answer refusing a field KRA does not name, if the request has one. */
  const strayField = (c: Context, op: string, body: Record<string, unknown>) => {
    const field = switches.strictFields ? unknownField(op, body) : null;
    if (!field) return null;
    log(op, '910');
    return answer(c, '910', `Invalid request: unknown field ${field}`);
  };

  const initialise = async (c: Context) => {
    const body = await readBody(c);
    if (!body) return answer(c, '911', 'Request body is missing');
    const stray = strayField(c, 'initialize', body);
    if (stray) return stray;
    const device = devices.get(`${String(body.tin)}:${String(body.bhfId)}`);
    if (!device || device.dvcSrlNo !== body.dvcSrlNo) {
      log('initialize', '901');
      return answer(c, '901', 'It is not valid device');
    }
    if (device.initialised) {
      log('initialize', '902');
      return answer(c, '902', 'This device is installed');
    }
    device.initialised = true;
    log('initialize', '000');
    return answer(c, '000', 'Successful', {
      info: {
        tin: device.tin,
        taxprNm: 'Simulated Taxpayer Ltd',
        bsnsActv: 'Retail',
        bhfId: device.bhfId,
        bhfNm: 'Headquarter',
        bhfOpenDt: '20260101',
        prvncNm: 'NAIROBI CITY',
        dstrtNm: 'WESTLANDS',
        sctrNm: 'PARKLANDS',
        locDesc: 'Online shop',
        hqYn: 'Y',
        mgrNm: 'Simulator',
        mgrTelNo: '0700000000',
        mgrEmail: 'simulator@example.test',
        dvcId: device.dvcId,
        sdcId: device.sdcId,
        mrcNo: device.mrcNo,
        cmcKey: device.cmcKey,
      },
    });
  };

  /** Every call after initialisation: the body and the device, or the answer that refuses them. */
  const authed = async (c: Context, op: string): Promise<{ body: Record<string, unknown>; device: SimDevice } | Response> => {
    const body = await readBody(c);
    if (!body) {
      log(op, '911');
      return answer(c, '911', 'Request body is missing');
    }
    const device = deviceOf(c, body);
    if (typeof device === 'string') {
      log(op, device);
      return answer(c, device, device === '900' ? 'Header information is missing' : 'It is not valid device');
    }
    return strayField(c, op, body) ?? { body, device };
  };

  const newerThan = (lastReqDt: unknown) => typeof lastReqDt !== 'string' || !parseKraDateTime(lastReqDt) || lastReqDt < CODES_CHANGED;
  /** lastReqMaxDays: the refusal of a pull older than the limit, if this is one (the message is the simulator's own). */
  const tooOld = (c: Context, op: string, lastReqDt: unknown) => {
    const days = switches.lastReqMaxDays;
    if (days === null) return null;
    const at = typeof lastReqDt === 'string' ? parseKraDateTime(lastReqDt) : null;
    if (at && now().getTime() - at.getTime() <= days * 24 * 60 * 60_000) return null;
    log(op, '910');
    return answer(c, '910', `Invalid lastReqDt: it must be within the last ${days} days`);
  };
  /** Whether the pull gets the list: with a date limit, every pull it takes does (a device must get its lists somehow). */
  const serves = (lastReqDt: unknown) => switches.lastReqMaxDays !== null || newerThan(lastReqDt);

  const codeList = async (c: Context) => {
    const got = await authed(c, 'codeLists');
    if (got instanceof Response) return got;
    const old = tooOld(c, 'codeLists', got.body.lastReqDt);
    if (old) return old;
    if (!serves(got.body.lastReqDt)) return answer(c, '001', 'There is no search result');
    log('codeLists', '000');
    return answer(c, '000', 'Successful', { clsList: simulatorCodeLists(switches.rateE) });
  };

  const itemClasses = async (c: Context) => {
    const got = await authed(c, 'itemClasses');
    if (got instanceof Response) return got;
    const old = tooOld(c, 'itemClasses', got.body.lastReqDt);
    if (old) return old;
    if (!serves(got.body.lastReqDt)) return answer(c, '001', 'There is no search result');
    log('itemClasses', '000');
    return answer(c, '000', 'Successful', { itemClsList: SIMULATOR_ITEM_CLASSES.map((k) => ({ ...k, itemClsLvl: 4, mjrTgYn: 'N' })) });
  };

  const saveItem = async (c: Context) => {
    const got = await authed(c, 'saveItem');
    if (got instanceof Response) return got;
    const item = got.body as unknown as ItemSaveRequest;
    const refuse = (message: string) => {
      log('saveItem', '910');
      return answer(c, '910', message);
    };
    const codes = simulatorCodeLists(switches.rateE);
    const list = (cls: string) => codes.find((k) => k.cdCls === cls)?.dtlList.map((d) => d.cd) ?? [];
    const parts = typeof item.itemCd === 'string' ? ITEM_CODE.exec(item.itemCd) : null;
    if (!parts) return refuse(`Invalid itemCd: ${String(item.itemCd)}`);
    if (!item.itemNm || typeof item.itemNm !== 'string') return refuse('Expected a value for itemNm but is empty or null');
    if (!SIMULATOR_ITEM_CLASSES.some((k) => k.itemClsCd === item.itemClsCd)) return refuse(`Invalid itemClsCd: ${String(item.itemClsCd)}`);
    if (!list('04').includes(item.taxTyCd)) return refuse(`Invalid taxTyCd: ${String(item.taxTyCd)}`);
    if (!list('10').includes(item.qtyUnitCd)) return refuse(`Invalid qtyUnitCd: ${String(item.qtyUnitCd)}`);
    if (!list('17').includes(item.pkgUnitCd)) return refuse(`Invalid pkgUnitCd: ${String(item.pkgUnitCd)}`);
    if (parts[1] !== item.orgnNatCd || parts[2] !== item.itemTyCd)
      return refuse("The ItemCd isn't made up of correct origin and item type");
    if (parts[3] !== item.pkgUnitCd) return refuse('Incorrect PkgUnitCd Prefix');
    if (parts[4] !== item.qtyUnitCd) return refuse("The ItemCd isn't made up of correct QtyUnitCd");
    if (!got.device.items.has(item.itemCd)) {
      const next = got.device.items.size + 1;
      if (Number(parts[5]) !== next) return refuse(`Invalid itemCd Sequence. Expected sequence ending with: ********${next}`);
    }
    got.device.items.set(item.itemCd, { ...item });
    log('saveItem', '000');
    return answer(c, '000', 'Successful');
  };

  const saveSale = async (c: Context) => {
    const got = await authed(c, 'saveSale');
    if (got instanceof Response) return got;
    const { device, body } = got;
    const invcNo = typeof body.invcNo === 'number' ? body.invcNo : null;
    const luck = switches.loseShare > 0 ? draw() : 1;
    if (luck < switches.loseShare / 2) {
      // Lost on the way: KRA never saw the sale.
      log('saveSale', 'not received', invcNo);
      return lose();
    }
    const codes = simulatorCodeLists(switches.rateE);
    const verdict = checkSale(
      body,
      {
        nextInvcNo: device.nextInvcNo,
        items: device.items,
        sales: device.sales,
        rates: rates(),
        creditNoteReasons: codes.find((k) => k.cdCls === '32')?.dtlList.map((d) => d.cd) ?? [],
        stock: device.stock.held,
        now: now(),
      },
      switches,
    );
    if (!verdict.ok) {
      log('saveSale', verdict.code, invcNo);
      return answer(c, verdict.code, verdict.message);
    }
    const sale = verdict.sale;
    device.receipts += 1;
    const sdcDateTime = now();
    const signed = createHmac('sha256', device.signKey)
      .update(`${device.tin}|${device.bhfId}|${sale.invcNo}|${sale.totAmt}|${kraDateTime(sdcDateTime)}`)
      .digest();
    const receipt: SimReceipt = {
      curRcptNo: device.receipts,
      totRcptNo: device.receipts,
      rcptSign: base32(signed.subarray(0, 10)),
      intrlData: base32(createHmac('sha256', device.signKey).update(signed).digest().subarray(0, 16)),
      sdcDateTime,
    };
    device.sales.set(sale.invcNo, { request: sale, receipt });
    device.nextInvcNo += 1;
    log('saveSale', '000', sale.invcNo);
    // Lost on the way back: KRA has the sale, the shop does not know.
    if (luck < switches.loseShare) return lose();
    if (switches.loseAnswers > 0) {
      switches.loseAnswers -= 1;
      await hang();
    }
    // KRA's samples send the counters as text.
    return answer(c, '000', 'Successful', {
      curRcptNo: String(receipt.curRcptNo),
      totRcptNo: String(receipt.totRcptNo),
      intrlData: receipt.intrlData,
      rcptSign: receipt.rcptSign,
      sdcDateTime: kraDateTime(receipt.sdcDateTime),
    });
  };

  const lookup = async (c: Context) => {
    const got = await authed(c, 'lookupInvoice');
    if (got instanceof Response) return got;
    const invcNo = Number(got.body.invcNo);
    const stored = got.device.sales.get(invcNo);
    log('lookupInvoice', stored ? '000' : '001', Number.isSafeInteger(invcNo) ? invcNo : null);
    if (switches.loseShare > 0 && draw() < switches.loseShare) return lose();
    if (!stored) return answer(c, '001', 'There is no search result');
    const at = stored.receipt.sdcDateTime;
    // Lookups echo dates as '2026-09-18 11:00:36.0'.
    const dashed = kraDateTime(at).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3 $4:$5:$6.0');
    return answer(c, '000', 'Successful', {
      salesList: [
        {
          ...stored.request,
          receipt: {
            ...stored.request.receipt,
            curRcptNo: stored.receipt.curRcptNo,
            totRcptNo: stored.receipt.totRcptNo,
            intrlData: stored.receipt.intrlData,
            rcptSign: stored.receipt.rcptSign,
            sdcDateTime: dashed,
            rptNo: stored.receipt.totRcptNo,
          },
        },
      ],
    });
  };

  /** insertStockIO and saveStockMaster (etims-simulator-stock.ts). */
  const stockCall = (op: 'insertStockIO' | 'saveStockMaster', take: typeof takeStockIO) => async (c: Context) => {
    const got = await authed(c, op);
    if (got instanceof Response) return got;
    if (switches.stockDown) {
      log(op, 'not received');
      return c.text('Service Unavailable', 503);
    }
    const verdict = take(got.body, got.device.stock, got.device.items);
    log(op, verdict.ok ? '000' : verdict.code);
    return verdict.ok ? answer(c, '000', 'Successful') : answer(c, verdict.code, verdict.message);
  };

  for (const [paths, handler] of [
    [['/selectInitOsdcInfo', '/initialize'], initialise],
    [['/selectCodeList'], codeList],
    [['/selectItemClsList', '/selectItemClass'], itemClasses],
    [['/saveItem'], saveItem],
    [['/saveTrnsSalesOsdc', '/sendSalesTransaction'], saveSale],
    [['/selectInvoiceDetails', '/selectInvoiceDetail'], lookup],
    [['/insertStockIO', '/insert/stockIO'], stockCall('insertStockIO', takeStockIO)],
    [['/saveStockMaster', '/save/stockMaster'], stockCall('saveStockMaster', takeStockMaster)],
  ] as const) {
    for (const path of paths) app.post(`/etims-api${path}`, handler);
  }
  app.onError((err, c) => answer(c, '999', `Unknown error: ${err.message}`));

  const deviceFor = (tin: string, bhfId: string) => devices.get(`${tin}:${bhfId}`);
  return {
    app,
    switches,
    requestLog,
    sales: (tin, bhfId) => [...(deviceFor(tin, bhfId)?.sales.values() ?? [])].sort((a, b) => a.request.invcNo - b.request.invcNo),
    items: (tin, bhfId) => deviceFor(tin, bhfId)?.items ?? new Map(),
    revokeTokens: () => tokens.revokeAll(),
    stock: (tin, bhfId) => deviceFor(tin, bhfId)?.stock ?? newStockBook(),
    reset() {
      Object.assign(switches, DEFAULT_SWITCHES);
      for (const resolve of hanging) resolve();
      hanging.clear();
    },
  };
}
