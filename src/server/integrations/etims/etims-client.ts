// A small typed client of KRA's eTIMS OSCU API (facts and open questions: docs/etims.md).
//
// Rules it follows:
// - Every call is a POST with a JSON body; tin, bhfId and cmcKey go as headers and also in the body
//   (working clients differ on which KRA reads).
// - The answer's envelope (resultCd, resultMsg, resultDt, data) decides success: '000' is success,
//   '001' an empty result; every other code is an EtimsError whose kind says what to do (etims-types.ts).
// - The integrator gateway may refuse with HTTP 400 and a text message, or wrap the envelope in
//   responseBody; both are read. HTTP 401/403 (a refused or missing token) is a 'device' error: a
//   setting to fix, not a refusal of the invoice.
// - With client credentials (oauth) the Bearer token goes with every call, whichever the gateway
//   (ETIMS_SEND_TOKEN=1 asks for it on the legacy host); a 401 fetches a new token once.
// - A timeout covers the whole call, body included, even when the fetch ignores its abort signal.
// - Nothing is retried here: a sale sent twice could be declared twice, so the caller decides
//   (looking the invoice up first).
// - Answers are read with zod; counters may be numbers or text, keys may carry stray spaces.
// - The communication key and tokens never reach `log` or an error's message.
import { z } from 'zod';
import { parseKraDateTime } from './etims-dates';
import {
  EtimsError,
  type CodeClass,
  type DeviceInfo,
  type EtimsClient,
  type EtimsClientOptions,
  type InvoiceLookup,
  type ItemClass,
  type ItemSaveRequest,
  type SalesSaveRequest,
  type SignedReceipt,
  type StockIOSaveRequest,
  type StockMasterSaveRequest,
} from './etims-types';

type Op = 'initialize' | 'codeLists' | 'itemClasses' | 'saveItem' | 'saveSale' | 'lookupInvoice' | 'insertStockIO' | 'saveStockMaster';

const PATHS: Record<EtimsClientOptions['gateway'], Record<Op, string>> = {
  legacy: {
    initialize: '/selectInitOsdcInfo',
    codeLists: '/selectCodeList',
    itemClasses: '/selectItemClsList',
    saveItem: '/saveItem',
    saveSale: '/saveTrnsSalesOsdc',
    lookupInvoice: '/selectInvoiceDetails',
    insertStockIO: '/insertStockIO',
    saveStockMaster: '/saveStockMaster',
  },
  integrator: {
    initialize: '/initialize',
    codeLists: '/selectCodeList',
    itemClasses: '/selectItemClass',
    saveItem: '/saveItem',
    saveSale: '/sendSalesTransaction',
    lookupInvoice: '/selectInvoiceDetail',
    insertStockIO: '/insert/stockIO',
    saveStockMaster: '/save/stockMaster',
  },
};

/** Result codes after which the same request may succeed later. */
const TRY_LATER = new Set(['894', '896', '990', '991', '992', '993', '999']);
const DEVICE = new Set(['900', '901', '902', '903']);
const RETRYABLE_HTTP = new Set([408, 429, 500, 502, 503, 504]);
const EXPECTED_NUMBER = /expected(?:\s+value)?\s*:?\s*(\d+)/i;

// ------------------------------------------------------------------------------------- answers

const text = z.union([z.string(), z.number().transform(String)]);
const optionalText = text.nullish().transform((v) => v ?? null);
const counter = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\s*\d+\s*$/)
    .transform((v) => Number.parseInt(v, 10)),
]);
const kraDateTime = text.transform((v, ctx) => {
  const parsed = parseKraDateTime(v);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: `is not a date: ${v}` });
    return z.NEVER;
  }
  return parsed;
});
const envelope = z.object({
  resultCd: text.transform((v) => v.trim().padStart(3, '0')),
  resultMsg: optionalText,
  data: z.unknown().optional(),
});
const deviceInfo = z.object({
  tin: text,
  taxprNm: optionalText.transform((v) => v ?? ''),
  bhfId: text,
  bhfNm: optionalText.transform((v) => v ?? ''),
  dvcId: text,
  // S1's table spells it sdicId; live answers say sdcId.
  sdcId: text.optional(),
  sdicId: text.optional(),
  mrcNo: optionalText.transform((v) => v ?? ''),
  cmcKey: text.refine((v) => v.trim() !== '', 'is empty'),
});
const codeClasses = z.object({
  clsList: z
    .array(
      z.object({
        cdCls: text,
        cdClsNm: optionalText.transform((v) => v ?? ''),
        dtlList: z
          .array(
            z.object({
              cd: text,
              cdNm: optionalText.transform((v) => v ?? ''),
              userDfnCd1: optionalText,
              useYn: optionalText.transform((v) => v ?? 'Y'),
            }),
          )
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});
const itemClassList = z.object({
  itemClsList: z
    .array(
      z.object({
        itemClsCd: text,
        itemClsNm: optionalText.transform((v) => v ?? ''),
        taxTyCd: optionalText,
        useYn: optionalText.transform((v) => v ?? 'Y'),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});
const signedReceipt = z.object({
  curRcptNo: counter,
  totRcptNo: counter,
  intrlData: text.refine((v) => v.trim() !== '', 'is empty'),
  rcptSign: text.refine((v) => v.trim() !== '', 'is empty'),
  sdcDateTime: kraDateTime,
});
const invoiceDetails = z.object({
  salesList: z
    .array(
      z.object({
        trdInvcNo: optionalText,
        rcptTyCd: optionalText,
        totAmt: z.number().nullish(),
        receipt: z.record(z.string(), z.unknown()),
      }),
    )
    .nullish(),
});

interface RawAnswer {
  httpStatus: number;
  json: unknown;
  text: string;
}

export function createEtimsClient(opts: EtimsClientOptions): EtimsClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  const paths = PATHS[opts.gateway];
  let token: { value: string; refreshAt: number } | null = null;

  async function withTimeout<T>(op: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new EtimsError({ kind: 'unreachable', code: 'timeout', message: `KRA eTIMS ${op} timed out after ${timeoutMs} ms` }));
      }, timeoutMs);
    });
    try {
      return await Promise.race([work(controller.signal), timedOut]);
    } catch (err) {
      if (err instanceof EtimsError) throw err;
      throw new EtimsError({
        kind: 'unreachable',
        code: 'network_error',
        message: `KRA eTIMS ${op} failed: ${err instanceof Error ? err.message : String(err)}`,
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function bearer(force: boolean): Promise<string | null> {
    const oauth = opts.oauth;
    if (!oauth) return null;
    if (!force && token && now() < token.refreshAt) return token.value;
    const basic = Buffer.from(`${oauth.consumerKey}:${oauth.consumerSecret}`).toString('base64');
    const url = new URL(oauth.tokenUrl);
    url.searchParams.set('grant_type', 'client_credentials');
    const answer = await withTimeout('token', async (signal) => {
      const res = await doFetch(url, { method: 'GET', headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' }, signal });
      return { httpStatus: res.status, text: await res.text() };
    });
    const parsed = z
      .object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive().optional() })
      .safeParse(safeJson(answer.text));
    if (!parsed.success) {
      throw new EtimsError({
        kind: answer.httpStatus >= 500 ? 'unreachable' : 'device',
        code: 'token',
        message: `KRA eTIMS token request answered HTTP ${answer.httpStatus} without a token`,
        httpStatus: answer.httpStatus,
      });
    }
    const lifetime = (parsed.data.expires_in ?? 3600) * 1000;
    token = { value: parsed.data.access_token, refreshAt: now() + Math.max(lifetime - 60_000, lifetime / 2) };
    return token.value;
  }

  async function post(op: Op, body: Record<string, unknown>, cmcKey: string | null, retryAuth = true): Promise<RawAnswer> {
    const auth = await bearer(false);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      tin: opts.tin,
      bhfId: opts.bhfId,
    };
    if (cmcKey) headers.cmcKey = cmcKey;
    if (auth) headers.Authorization = `Bearer ${auth}`;
    if (opts.oauth?.apigeeAppId) headers.apigee_app_id = opts.oauth.apigeeAppId;
    const started = now();
    const payload = { tin: opts.tin, bhfId: opts.bhfId, ...(cmcKey ? { cmcKey } : {}), ...body };
    const answer = await withTimeout(op, async (signal) => {
      const res = await doFetch(`${baseUrl}${paths[op]}`, { method: 'POST', headers, body: JSON.stringify(payload), signal });
      const raw = await res.text();
      return { httpStatus: res.status, text: raw, json: safeJson(raw) };
    });
    log('etims.response', { op, httpStatus: answer.httpStatus, resultCd: resultCodeOf(answer.json), ms: now() - started });
    if (answer.httpStatus === 401 && auth && retryAuth) {
      token = null;
      return post(op, body, cmcKey, false);
    }
    return answer;
  }

  /** The envelope's data on success ('000'), null for '001'; every other answer throws. */
  async function call(op: Op, body: Record<string, unknown>, cmcKey: string | null): Promise<unknown> {
    const answer = await post(op, body, cmcKey);
    const json = unwrap(answer.json);
    const parsed = envelope.safeParse(json);
    if (!parsed.success) {
      if (RETRYABLE_HTTP.has(answer.httpStatus)) {
        throw new EtimsError({
          kind: 'unreachable',
          code: 'http_error',
          message: `KRA eTIMS ${op} answered HTTP ${answer.httpStatus}`,
          httpStatus: answer.httpStatus,
        });
      }
      if (answer.httpStatus === 401 || answer.httpStatus === 403) {
        // The gateway refused the token (or wants one): a setting to fix, so invoices wait instead of being refused.
        const why = gatewayMessage(answer) || `HTTP ${answer.httpStatus}`;
        throw new EtimsError({
          kind: 'device',
          code: `http_${answer.httpStatus}`,
          message: `KRA eTIMS ${op} refused the access: ${why} (HTTP ${answer.httpStatus}; check ETIMS_CONSUMER_KEY, ETIMS_CONSUMER_SECRET and ETIMS_SEND_TOKEN)`,
          httpStatus: answer.httpStatus,
        });
      }
      if (answer.httpStatus >= 400 && answer.httpStatus < 500) {
        // The integrator gateway refuses with HTTP 400 and a plain message.
        const message = gatewayMessage(answer) || `HTTP ${answer.httpStatus}`;
        throw refusal('http_error', message, answer.httpStatus);
      }
      throw new EtimsError({
        kind: 'invalid_response',
        code: 'invalid_response',
        message: `KRA eTIMS ${op} answered HTTP ${answer.httpStatus} without a result code`,
        httpStatus: answer.httpStatus,
      });
    }
    const { resultCd, resultMsg, data } = parsed.data;
    if (resultCd === '000') return data ?? null;
    if (resultCd === '001') return null;
    const message = resultMsg ?? `result code ${resultCd}`;
    if (TRY_LATER.has(resultCd)) throw new EtimsError({ kind: 'unreachable', code: resultCd, message, httpStatus: answer.httpStatus });
    if (DEVICE.has(resultCd)) throw new EtimsError({ kind: 'device', code: resultCd, message, httpStatus: answer.httpStatus });
    if (resultCd === '994') throw new EtimsError({ kind: 'duplicate', code: resultCd, message, httpStatus: answer.httpStatus });
    throw refusal(resultCd, message, answer.httpStatus);
  }

  function read<T extends z.ZodType>(schema: T, data: unknown, op: Op): z.output<T> {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'data'}: ${issue.message}` : 'unreadable';
    throw new EtimsError({
      kind: 'invalid_response',
      code: 'invalid_response',
      message: `KRA eTIMS ${op} answered data the shop cannot read (${where})`,
    });
  }

  return {
    gateway: opts.gateway,

    async initialize(dvcSrlNo) {
      const data = await call('initialize', { dvcSrlNo }, null);
      const info = read(z.object({ info: deviceInfo }), trimKeys(data), 'initialize').info;
      const sdcId = info.sdcId ?? info.sdicId;
      if (!sdcId)
        throw new EtimsError({
          kind: 'invalid_response',
          code: 'invalid_response',
          message: 'KRA eTIMS initialize answered without sdcId',
        });
      const result: DeviceInfo = {
        tin: info.tin,
        taxprNm: info.taxprNm,
        bhfId: info.bhfId,
        bhfNm: info.bhfNm,
        dvcId: info.dvcId,
        sdcId,
        mrcNo: info.mrcNo,
        cmcKey: info.cmcKey,
      };
      return result;
    },

    async codeLists(cmcKey, lastReqDt) {
      const data = await call('codeLists', { lastReqDt }, cmcKey);
      if (data === null) return [];
      const list: CodeClass[] = read(codeClasses, trimKeys(data), 'codeLists').clsList;
      return list;
    },

    async itemClasses(cmcKey, lastReqDt) {
      const data = await call('itemClasses', { lastReqDt }, cmcKey);
      if (data === null) return [];
      const list: ItemClass[] = read(itemClassList, trimKeys(data), 'itemClasses').itemClsList;
      return list;
    },

    async saveItem(cmcKey, item: ItemSaveRequest) {
      await call('saveItem', { ...item }, cmcKey);
    },

    async saveSale(cmcKey, sale: SalesSaveRequest): Promise<SignedReceipt> {
      const data = await call('saveSale', { ...sale }, cmcKey);
      return read(signedReceipt, trimKeys(data), 'saveSale');
    },

    async lookupInvoice(cmcKey, invcNo): Promise<InvoiceLookup | null> {
      const data = await call('lookupInvoice', { invcNo }, cmcKey);
      if (data === null) return null;
      const first = read(invoiceDetails, trimKeys(data), 'lookupInvoice').salesList?.[0];
      if (!first) return null;
      return {
        trdInvcNo: first.trdInvcNo,
        rcptTyCd: first.rcptTyCd,
        totAmt: first.totAmt ?? null,
        receipt: read(signedReceipt, trimKeys(first.receipt), 'lookupInvoice'),
      };
    },

    async insertStockIO(cmcKey, io: StockIOSaveRequest) {
      await call('insertStockIO', { ...io }, cmcKey);
    },

    async saveStockMaster(cmcKey, master: StockMasterSaveRequest) {
      await call('saveStockMaster', { ...master }, cmcKey);
    },
  };
}

/** A refusal; a sequence error names KRA's expected invoice number when it can be read. */
function refusal(code: string, message: string, httpStatus: number): EtimsError {
  const expected = /invc\s*no/i.test(message) ? EXPECTED_NUMBER.exec(message) : null;
  if (expected?.[1]) {
    return new EtimsError({ kind: 'sequence', code, message, httpStatus, expectedInvcNo: Number.parseInt(expected[1], 10) });
  }
  return new EtimsError({ kind: 'refused', code, message, httpStatus });
}

/** The integrator gateway may nest the envelope under responseBody, or report a failure in responseHeader. */
function unwrap(json: unknown): unknown {
  if (!isObject(json)) return json;
  if ('resultCd' in json) return json;
  if (isObject(json.responseBody) && 'resultCd' in json.responseBody) return json.responseBody;
  return json;
}

function gatewayMessage(answer: RawAnswer): string {
  if (isObject(answer.json)) {
    const header = isObject(answer.json.responseHeader) ? answer.json.responseHeader : {};
    // Apigee answers a refused token with { fault: { faultstring } }.
    const fault = isObject(answer.json.fault) ? answer.json.fault : {};
    for (const v of [
      answer.json.message,
      answer.json.resultMsg,
      header.debugMessage,
      header.customerMessage,
      fault.faultstring,
      answer.json.error,
    ]) {
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
    }
    return '';
  }
  return answer.text.trim().slice(0, 500);
}

function resultCodeOf(json: unknown): string | null {
  const inner = unwrap(json);
  return isObject(inner) && (typeof inner.resultCd === 'string' || typeof inner.resultCd === 'number') ? String(inner.resultCd) : null;
}

/** KRA's samples carry keys with stray spaces ("curRcptNo "): read them as if they had none. */
function trimKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(trimKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.trim(), trimKeys(v)]));
}

function safeJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
