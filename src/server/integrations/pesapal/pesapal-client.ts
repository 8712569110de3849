// A small typed Pesapal API 3.0 client. The API facts are summarised in docs/pesapal.md.
//
// Rules it follows:
// - The body is read and parsed whatever the HTTP status; errors are decided from the body:
//   a non-null `error.code`, or a body `status` other than "200". An all-null error object is no error.
// - A non-JSON body (HTML error page from Cloudflare/IIS) is a PesapalError 'invalid_response'.
// - The token is cached, refreshed early, refreshes are serialised, and after an auth error the
//   token is dropped and the call retried once.
// - Only idempotent calls (token, status, IPN list) are retried, and only on network errors,
//   timeouts and HTTP 502–504. SubmitOrderRequest, RegisterIPN, RefundRequest and CancelOrder never are.
// - GetTransactionStatus with status_code 0 ("INVALID" + payment_details_not_found "Pending Payment",
//   body status "500" under HTTP 200) is not an error: it is PENDING.
// - Secrets and tokens never reach `log` or an error's `body`.
// - Answers are read with the zod schemas below; one that cannot be read (no token, no tracking id,
//   an amount that is not a number) is a PesapalError 'invalid_response', never a guessed value.
import { z } from 'zod';
import { backoff } from '@/domain/backoff';
import { decimalParts } from '@/domain/decimal';
import { toCents } from '@/domain/money';
import {
  PesapalError,
  type CancelOrderRequest,
  type CancelOrderResult,
  type IpnNotificationMethod,
  type IpnRegistration,
  type PesapalClient,
  type PesapalClientOptions,
  type PesapalStatusCode,
  type RefundInput,
  type RefundRequest,
  type RefundResult,
  type RegisterIpnRequest,
  type RequestTokenRequest,
  type SubmitOrderInput,
  type SubmitOrderRequest,
  type SubmitOrderResult,
  type TransactionStatus,
  type TransactionStatusName,
} from './pesapal-types';

export type { PesapalClient, PesapalClientOptions } from './pesapal-types';

export function pesapalBaseUrl(env: 'sandbox' | 'live'): string {
  return env === 'live' ? 'https://pay.pesapal.com/v3' : 'https://cybqa.pesapal.com/pesapalv3';
}

const USER_AGENT = 'fresh-catch-shop-pesapal-client/1.0 (+node)';
const FIVE_MINUTES = 5 * 60_000;
const REFRESH_MARGIN = 60_000;
const BACKOFF_BASE_MS = 250;
const RETRYABLE_HTTP = new Set([502, 503, 504]);
const MERCHANT_REFERENCE = /^[A-Za-z0-9-]{1,50}$/;
const STATUS_NAMES: Record<PesapalStatusCode, TransactionStatusName> = {
  0: 'PENDING',
  1: 'COMPLETED',
  2: 'FAILED',
  3: 'REVERSED',
};

// ----------------------------------------------------------------------------------- answers
// Lenient where Pesapal is loose (numbers where the docs say text, "200" or 200, an all-null error
// object), strict where a wrong value would be believed (the token, ids, a payment's amount).

/** Text that may come as a number; anything else (null, missing) reads as ''. */
const text = z.union([z.string(), z.number().transform(String)]).catch('');
/** An id or URL the answer is useless without. */
const requiredText = z.union([z.string(), z.number().transform(String)]).refine((s) => s !== '', 'is empty');
/** The body `status` ("200", "500", sometimes a number), as text. */
const statusText = z.union([z.string(), z.number()]).transform(String);
/** status_code as a number or a string of digits; anything else is null. */
const intCode = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\s*-?\d+\s*$/)
      .transform((v) => Number.parseInt(v, 10)),
  ])
  .nullable()
  .catch(null);
/** Major units as a JSON number (100, 10.00) or a decimal string ("100.00"), read exactly into cents. */
const amountCents = z.union([z.number(), z.string()]).transform((value, ctx) => {
  try {
    return toCents(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `is not an amount: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
});
const nonEmpty = z.string().min(1).nullable().catch(null);
/** `error`: null, all-null on success, or { error_type (or type), code, message }. */
const errorObject = z
  .object({
    code: z
      .string()
      .refine((c) => c.trim() !== '')
      .nullable()
      .catch(null),
    error_type: nonEmpty,
    type: nonEmpty,
    message: nonEmpty,
  })
  .transform((e) => ({ code: e.code, type: e.error_type ?? e.type, message: e.message }))
  .nullable()
  .catch(null);

const tokenAnswer = z.object({ token: z.string().refine((t) => t.trim() !== '', 'is empty'), expiryDate: z.unknown().optional() });
const registerIpnAnswer = z.object({ ipn_id: requiredText, url: text });
/** Entries that are not objects or have no ipn_id are skipped, as before. */
const ipnListAnswer = z.array(z.object({ ipn_id: text, url: text }).nullable().catch(null));
const submitOrderAnswer = z.object({ order_tracking_id: requiredText, redirect_url: requiredText, merchant_reference: text });
const transactionStatusAnswer = z.object({
  description: z.string().nullable().catch(null),
  payment_method: text,
  amount: amountCents,
  currency: text,
  merchant_reference: text,
  confirmation_code: text,
  payment_account: text,
  created_date: z.unknown().optional(),
});
/** RefundRequest and CancelOrder: `{ status, message }`; the docs' table names the code field `error` (integer). */
const acknowledgementAnswer = z.object({
  // A status of another type is still a status, just not "200".
  status: statusText.nullish().catch('unreadable'),
  error: z.union([statusText, errorObject]).nullish().catch(null),
  message: text,
});

interface RawResponse {
  httpStatus: number;
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
  isJson: boolean;
  text: string;
}

interface CachedToken {
  token: string;
  refreshAt: number;
}

interface CallSpec {
  op: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  idempotent: boolean;
}

export function createPesapalClient(opts: PesapalClientOptions): PesapalClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const retries = Math.max(0, Math.floor(opts.retries ?? 2));
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});

  let cached: CachedToken | null = null;
  let inflight: Promise<CachedToken> | null = null;

  // --------------------------------------------------------------------------------- transport

  async function attemptOnce(spec: CallSpec, token: string | null, attempt: number): Promise<RawResponse> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const started = now();
    // Pesapal's docs ask for both JSON headers on every call, GETs included.
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const res = await doFetch(`${baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: controller.signal,
      });
      const text = await res.text();
      let json: unknown;
      let isJson = false;
      if (text.trim() !== '') {
        try {
          json = JSON.parse(text);
          isJson = true;
        } catch {
          isJson = false;
        }
      }
      log('pesapal.response', {
        op: spec.op,
        httpStatus: res.status,
        bodyStatus: isJson ? bodyStatusOf(json) : null,
        json: isJson,
        attempt,
        ms: now() - started,
      });
      return { httpStatus: res.status, json, isJson, text };
    } catch (cause) {
      const code = timedOut ? 'timeout' : 'network_error';
      log('pesapal.transport_error', { op: spec.op, code, attempt, ms: now() - started });
      throw new PesapalError({
        code,
        message: timedOut
          ? `Pesapal ${spec.op} timed out after ${timeoutMs} ms`
          : `Pesapal ${spec.op} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        cause,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(spec: CallSpec, token: string | null): Promise<RawResponse> {
    const maxAttempts = spec.idempotent ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await attemptOnce(spec, token, attempt);
        if (spec.idempotent && RETRYABLE_HTTP.has(res.httpStatus) && attempt < maxAttempts) {
          await sleep(backoff(attempt, { baseMs: BACKOFF_BASE_MS }));
          continue;
        }
        return res;
      } catch (err) {
        const transient = err instanceof PesapalError && (err.code === 'timeout' || err.code === 'network_error');
        if (!transient || attempt >= maxAttempts) throw err;
        await sleep(backoff(attempt, { baseMs: BACKOFF_BASE_MS }));
      }
    }
  }

  // --------------------------------------------------------------------------------- token

  async function requestToken(): Promise<CachedToken> {
    const issuedAt = now();
    const payload: RequestTokenRequest = { consumer_key: opts.consumerKey, consumer_secret: opts.consumerSecret };
    const res = await send({ op: 'RequestToken', method: 'POST', path: '/api/Auth/RequestToken', body: payload, idempotent: true }, null);
    const body = requireJsonObject(res, 'RequestToken');
    const safeBody = redactToken(body);
    const error = errorFromBody(body, res.httpStatus, safeBody);
    if (error) throw error;
    const { token, expiryDate } = parseAnswer(tokenAnswer, body, res.httpStatus, 'RequestToken answered without a token', safeBody);
    const parsedExpiry = parseUtcDate(expiryDate);
    // A token that seems to be (nearly) expired on arrival points at clock skew: assume 5 minutes and
    // let the auth-error retry catch a wrong guess.
    const expiresAt = parsedExpiry !== null && parsedExpiry - issuedAt >= 10_000 ? parsedExpiry : issuedAt + FIVE_MINUTES;
    const hardExpiry = Math.min(expiresAt, issuedAt + FIVE_MINUTES);
    const margin = Math.min(REFRESH_MARGIN, (hardExpiry - issuedAt) / 2);
    const refreshAt = hardExpiry - margin;
    log('pesapal.token', { expiresInS: Math.round((expiresAt - issuedAt) / 1000), refreshInS: Math.round((refreshAt - issuedAt) / 1000) });
    return { token, refreshAt };
  }

  function getToken(): Promise<string> {
    if (cached && now() <= cached.refreshAt) return Promise.resolve(cached.token);
    if (!inflight) {
      inflight = requestToken()
        .then((t) => {
          cached = t;
          return t;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight.then((t) => t.token);
  }

  function dropToken(token: string): void {
    if (cached?.token === token) cached = null;
  }

  /** A call with a bearer token; on an auth error the token is dropped, refreshed once and the call retried once. */
  async function authed(spec: CallSpec): Promise<RawResponse> {
    const token = await getToken();
    const res = await send(spec, token);
    if (!isAuthError(res)) return res;
    log('pesapal.auth_retry', { op: spec.op, httpStatus: res.httpStatus });
    dropToken(token);
    const fresh = await getToken();
    return send(spec, fresh);
  }

  // --------------------------------------------------------------------------------- operations

  async function registerIpn(url: string, method: IpnNotificationMethod = 'GET'): Promise<IpnRegistration> {
    requireHttpUrl(url, 'IPN url');
    if (method !== 'GET' && method !== 'POST') invalidInput(`IPN method must be GET or POST, got ${String(method)}`);
    const payload: RegisterIpnRequest = { url, ipn_notification_type: method };
    const res = await authed({ op: 'RegisterIPN', method: 'POST', path: '/api/URLSetup/RegisterIPN', body: payload, idempotent: false });
    const body = requireJsonObject(res, 'RegisterIPN');
    throwIfError(body, res.httpStatus);
    const answer = parseAnswer(registerIpnAnswer, body, res.httpStatus, 'RegisterIPN answered without ipn_id');
    return { ipnId: answer.ipn_id, url: answer.url || url };
  }

  async function listIpns(): Promise<IpnRegistration[]> {
    const res = await authed({ op: 'GetIpnList', method: 'GET', path: '/api/URLSetup/GetIpnList', idempotent: true });
    const json = requireJson(res, 'GetIpnList');
    if (json === null) return [];
    if (!Array.isArray(json)) {
      if (isObject(json)) {
        throwIfError(json, res.httpStatus);
      }
      throw invalidResponse('GetIpnList did not answer with an array', res.httpStatus, json);
    }
    const items = parseAnswer(ipnListAnswer, json, res.httpStatus, 'GetIpnList answered an unreadable list');
    return items.flatMap((item) => (item?.ipn_id ? [{ ipnId: item.ipn_id, url: item.url }] : []));
  }

  async function submitOrder(input: SubmitOrderInput): Promise<SubmitOrderResult> {
    const payload = toSubmitOrderRequest(input);
    const res = await authed({
      op: 'SubmitOrderRequest',
      method: 'POST',
      path: '/api/Transactions/SubmitOrderRequest',
      body: payload,
      idempotent: false,
    });
    const body = requireJsonObject(res, 'SubmitOrderRequest');
    throwIfError(body, res.httpStatus);
    const answer = parseAnswer(
      submitOrderAnswer,
      body,
      res.httpStatus,
      'SubmitOrderRequest answered without order_tracking_id/redirect_url',
    );
    return {
      orderTrackingId: answer.order_tracking_id,
      merchantReference: answer.merchant_reference || payload.id,
      redirectUrl: answer.redirect_url,
    };
  }

  async function getTransactionStatus(orderTrackingId: string): Promise<TransactionStatus> {
    if (typeof orderTrackingId !== 'string' || orderTrackingId.trim() === '') invalidInput('orderTrackingId is required');
    const res = await authed({
      op: 'GetTransactionStatus',
      method: 'GET',
      path: `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(orderTrackingId.trim())}`,
      idempotent: true,
    });
    const body = requireJsonObject(res, 'GetTransactionStatus');
    if (isAuthError(res)) throwIfError(body, res.httpStatus, true);
    const code = intCode.parse(body.status_code);
    const errorCode = errorObjectOf(body)?.code ?? null;
    // Not paid yet (INVALID + "Pending Payment" under body status "500"), or an unknown id: PENDING.
    if (code === 0 || (code === null && errorCode === 'payment_details_not_found')) {
      return mapStatus(body, 0, res.httpStatus);
    }
    throwIfError(body, res.httpStatus);
    if (code === 1 || code === 2 || code === 3) return mapStatus(body, code, res.httpStatus);
    throw invalidResponse(`GetTransactionStatus answered with unexpected status_code ${String(body.status_code)}`, res.httpStatus, body);
  }

  async function refund(input: RefundInput): Promise<RefundResult> {
    if (!input || typeof input.confirmationCode !== 'string' || input.confirmationCode.trim() === '')
      invalidInput('confirmationCode is required');
    const amount = requireAmount(input.amount, 'refund amount');
    if (typeof input.username !== 'string' || input.username.trim() === '') invalidInput('username is required');
    if (typeof input.remarks !== 'string' || input.remarks.trim() === '') invalidInput('remarks is required');
    const payload: RefundRequest = {
      confirmation_code: input.confirmationCode.trim(),
      amount: amount.toFixed(2), // Pesapal's docs sample sends a string with 2 decimals
      username: input.username.trim(),
      remarks: input.remarks.trim(),
    };
    const res = await authed({
      op: 'RefundRequest',
      method: 'POST',
      path: '/api/Transactions/RefundRequest',
      body: payload,
      idempotent: false,
    });
    const { ok, message } = readAcknowledgement(res, 'RefundRequest');
    return { accepted: ok, message };
  }

  async function cancelOrder(orderTrackingId: string): Promise<CancelOrderResult> {
    if (typeof orderTrackingId !== 'string' || orderTrackingId.trim() === '') invalidInput('orderTrackingId is required');
    const payload: CancelOrderRequest = { order_tracking_id: orderTrackingId.trim() };
    const res = await authed({
      op: 'CancelOrder',
      method: 'POST',
      path: '/api/Transactions/CancelOrder',
      body: payload,
      idempotent: false,
    });
    const { ok, message } = readAcknowledgement(res, 'CancelOrder');
    return { cancelled: ok, message };
  }

  /** Refund/Cancel answer `{status:"200"|"500", message}`; a rejection is a result, auth/garbage is thrown. */
  function readAcknowledgement(res: RawResponse, op: string): { ok: boolean; message: string } {
    const body = requireJsonObject(res, op);
    if (isAuthError(res)) throwIfError(body, res.httpStatus, true);
    const answer = parseAnswer(acknowledgementAnswer, body, res.httpStatus, `${op} answered an unreadable body`);
    const errObj = typeof answer.error === 'string' ? null : answer.error;
    const status = answer.status ?? (typeof answer.error === 'string' ? answer.error : null);
    if (status === null || status === undefined) {
      if (errObj?.code) return { ok: false, message: errObj.message ?? errObj.code };
      throw invalidResponse(`${op} answered without a status`, res.httpStatus, body);
    }
    const ok = status.trim() === '200' && !errObj?.code;
    const message = answer.message || errObj?.message || (ok ? 'OK' : `${op} rejected`);
    return { ok, message };
  }

  return { registerIpn, listIpns, submitOrder, getTransactionStatus, refund, cancelOrder };
}

// ----------------------------------------------------------------------------------- helpers

function toSubmitOrderRequest(input: SubmitOrderInput): SubmitOrderRequest {
  if (!input || typeof input !== 'object') invalidInput('order input is required');
  const id = typeof input.id === 'string' ? input.id.trim() : '';
  if (!MERCHANT_REFERENCE.test(id)) {
    invalidInput('merchant reference (id) must be 1–50 characters of A–Z, a–z, 0–9 and "-"');
  }
  const currency = typeof input.currency === 'string' ? input.currency.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(currency)) invalidInput('currency must be a 3-letter ISO 4217 code');
  const amount = requireAmount(input.amount, 'amount');
  const description = truncate(typeof input.description === 'string' ? input.description.trim() : '', 100);
  if (description === '') invalidInput('description is required');
  requireHttpUrl(input.callbackUrl, 'callbackUrl');
  if (input.cancellationUrl !== undefined) requireHttpUrl(input.cancellationUrl, 'cancellationUrl');
  if (typeof input.notificationId !== 'string' || input.notificationId.trim() === '') {
    invalidInput('notificationId (the registered ipn_id) is required');
  }
  if (input.redirectMode !== undefined && input.redirectMode !== 'TOP_WINDOW' && input.redirectMode !== 'PARENT_WINDOW') {
    invalidInput('redirectMode must be TOP_WINDOW or PARENT_WINDOW');
  }
  const b = input.billingAddress;
  if (!b || typeof b !== 'object') invalidInput('billingAddress is required');
  const email = clean(b.emailAddress);
  const phone = clean(b.phoneNumber);
  if (!email && !phone) invalidInput('billingAddress needs an email address or a phone number');

  const billing: SubmitOrderRequest['billing_address'] = {};
  if (email) billing.email_address = email;
  if (phone) billing.phone_number = phone;
  const country = clean(b.countryCode)?.toUpperCase();
  if (country) billing.country_code = country;
  const first = clean(b.firstName);
  if (first) billing.first_name = first;
  const last = clean(b.lastName);
  if (last) billing.last_name = last;
  const line1 = clean(b.line1);
  if (line1) billing.line_1 = line1;

  const req: SubmitOrderRequest = {
    id,
    currency,
    amount,
    description,
    callback_url: input.callbackUrl,
    notification_id: input.notificationId.trim(),
    billing_address: billing,
  };
  if (input.cancellationUrl !== undefined) req.cancellation_url = input.cancellationUrl;
  if (input.redirectMode !== undefined) req.redirect_mode = input.redirectMode;
  return req;
}

function mapStatus(body: Record<string, unknown>, code: PesapalStatusCode, httpStatus: number): TransactionStatus {
  const answer = parseAnswer(transactionStatusAnswer, body, httpStatus, 'GetTransactionStatus answered an unreadable status');
  return {
    statusCode: code,
    status: STATUS_NAMES[code],
    description: answer.description,
    paymentMethod: answer.payment_method,
    amountCents: answer.amount,
    currency: answer.currency,
    merchantReference: answer.merchant_reference,
    confirmationCode: answer.confirmation_code,
    paymentAccount: answer.payment_account,
    createdAt: parseEatDate(answer.created_date),
    raw: body,
  };
}

/**
 * Parses Pesapal's GetTransactionStatus `created_date`: without a zone designator it is East Africa
 * Time (UTC+3); with one (`Z`, `+hh:mm`) it is taken as is. Fractions beyond milliseconds are cut.
 */
export function parseEatDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  if (!m) return null;
  const [, date, time, fraction, zone] = m;
  const ms = fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : '';
  const seconds = time && time.length === 5 ? ':00' : '';
  let tz = zone ? zone.toUpperCase() : '+03:00';
  if (/^[+-]\d{4}$/.test(tz)) tz = `${tz.slice(0, 3)}:${tz.slice(3)}`;
  const parsed = Date.parse(`${date}T${time}${seconds}${ms}${tz}`);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

/** `expiryDate` and IPN `created_date` are UTC; a missing zone is read as UTC. */
function parseUtcDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/i.exec(value.trim());
  if (!m) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  const [, base, fraction, zone] = m;
  const ms = fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : '';
  const t = Date.parse(`${base}${ms}${zone ? zone.toUpperCase() : 'Z'}`);
  return Number.isNaN(t) ? null : t;
}

function requireJson(res: RawResponse, op: string): unknown {
  if (!res.isJson) {
    throw new PesapalError({
      code: 'invalid_response',
      message: `Pesapal ${op} answered HTTP ${res.httpStatus} with a non-JSON body`,
      httpStatus: res.httpStatus,
      body: res.text.slice(0, 500),
    });
  }
  return res.json;
}

function requireJsonObject(res: RawResponse, op: string): Record<string, unknown> {
  const json = requireJson(res, op);
  if (!isObject(json)) {
    throw invalidResponse(`Pesapal ${op} did not answer with a JSON object`, res.httpStatus, json);
  }
  return json;
}

/** The answer read with its schema, or a PesapalError 'invalid_response' naming the first problem. */
function parseAnswer<T extends z.ZodType>(
  schema: T,
  body: unknown,
  httpStatus: number,
  problem: string,
  reportBody: unknown = body,
): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unreadable';
  throw invalidResponse(`Pesapal ${problem} (${where})`, httpStatus, reportBody);
}

function errorObjectOf(body: Record<string, unknown>): z.output<typeof errorObject> {
  return errorObject.parse(body.error);
}

function bodyStatusOf(json: unknown): string | null {
  if (!isObject(json)) return null;
  return statusText.nullable().catch(null).parse(json.status);
}

/** The error a body carries, if any: a non-null error.code, or a body status other than "200". */
function errorFromBody(body: Record<string, unknown>, httpStatus: number, reportBody: unknown = body): PesapalError | null {
  const e = errorObjectOf(body);
  const status = bodyStatusOf(body);
  if (e?.code) {
    return new PesapalError({
      code: e.code,
      errorType: e.type,
      message: e.message || str(body.message) || e.code,
      httpStatus,
      body: reportBody,
    });
  }
  if (status !== null && status.trim() !== '200') {
    return new PesapalError({
      code: 'request_failed',
      errorType: e?.type ?? null,
      message: e?.message || str(body.message) || `Pesapal answered status ${status}`,
      httpStatus,
      body: reportBody,
    });
  }
  if (status === null && (httpStatus < 200 || httpStatus >= 300)) {
    return new PesapalError({
      code: 'http_error',
      message: str(body.message) || `Pesapal answered HTTP ${httpStatus}`,
      httpStatus,
      body: reportBody,
    });
  }
  return null;
}

function throwIfError(body: Record<string, unknown>, httpStatus: number, force = false): void {
  const err = errorFromBody(body, httpStatus);
  if (err) throw err;
  if (force) {
    throw new PesapalError({ code: 'http_error', message: `Pesapal answered HTTP ${httpStatus}`, httpStatus, body });
  }
}

const AUTH_CODES = /credential|token|unauthori[sz]ed|authenticat|access_denied/i;

function isAuthError(res: RawResponse): boolean {
  if (res.httpStatus === 401) return true;
  if (!isObject(res.json)) return false;
  const e = errorObjectOf(res.json);
  if (!e?.code) return false;
  return e.type === 'authentication_error' || AUTH_CODES.test(e.code);
}

function redactToken(body: Record<string, unknown>): Record<string, unknown> {
  if (!('token' in body)) return body;
  return { ...body, token: body.token ? '[redacted]' : body.token };
}

function invalidResponse(message: string, httpStatus: number, body: unknown): PesapalError {
  return new PesapalError({ code: 'invalid_response', message, httpStatus, body });
}

function invalidInput(message: string): never {
  throw new PesapalError({ code: 'invalid_input', message });
}

function requireAmount(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) invalidInput(`${what} must be a positive number`);
  // Read on the number's decimal text, so 0.29 has 2 decimals and 10.005 has 3 (no float drift).
  if (decimalParts(value).scale > 2) invalidInput(`${what} must have at most 2 decimals`);
  return value;
}

function requireHttpUrl(value: unknown, what: string): void {
  if (typeof value !== 'string') invalidInput(`${what} is required`);
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return invalidInput(`${what} must be an absolute URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') invalidInput(`${what} must be an http(s) URL`);
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = s.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

function clean(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

function str(v: unknown): string {
  return text.parse(v);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
