// An in-memory stand-in for Pesapal API 3.0 and its hosted payment page, for development and tests.
// The API facts it follows (paths, shapes, quirks) are summarised in docs/pesapal.md.
//
// Where the real behaviour is unknown the simulator picks something strict and says so:
// - A merchant reference already used by the same merchant is rejected (the docs only say "unique").
// - IPN ids, orders and refunds are scoped to the consumer key that created them.
// - A customer "Cancel" is a FAILED payment (description 'Cancelled by customer',
//   payment_status_code 'request_terminated_by_user'); the browser goes to cancellation_url when one
//   was given, else to callback_url, with the usual OrderTrackingId/OrderMerchantReference/CALLBACKURL query.
// - A FAILED payment (declined card, customer cancel) can be tried again on the same page, as a
//   customer can after a decline; only a payment taken (COMPLETED, REVERSED) ends the page.
// - A merchant CancelOrder leaves the status as it was (0 stays 0) and kills the hosted page; no IPN.
// - An accepted refund moves the payment to REVERSED at once and sends an IPNCHANGE
//   (the real one waits for merchant approval).
// - Mounted with `parent.route('/pesapal-sim', sim.app)`, every route lives under `/pesapal-sim${basePath}`.
//   The parent's security headers must leave the hosted page framable (no X-Frame-Options).
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { BillingAddress, IpnNotificationMethod, RedirectMode } from './pesapal-types';

export type SimulatorOutcome = 'card' | 'mpesa' | 'fail' | 'cancel' | 'reverse';
export type SimOrderStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REVERSED';

export interface PesapalSimulatorOptions {
  /** Default '/pesapalv3' (the sandbox path), so the client base URL is `${mount}${basePath}`. */
  basePath?: string;
  /** Absolute URL at which the simulator app is reachable by a browser, e.g. 'http://localhost:3000/pesapal-sim'. */
  publicBaseUrl: () => string;
  /** Accepted consumer key/secret pairs. Default [{ key: 'simulator-key', secret: 'simulator-secret' }]. */
  credentials?: { key: string; secret: string }[];
  /** Default 300 (the documented 5 minutes; the sandbox was observed at 3600). */
  tokenTtlSeconds?: number;
  /** How long an M-Pesa payment stays pending after the customer chose it. Default 3000. */
  mpesaDelayMs?: number;
  /** Re-deliveries of an IPN that was not acknowledged with JSON `status: 200`. Default 3. */
  ipnRetries?: number;
  /** First IPN retry delay; doubles each time. Default 200. */
  ipnBackoffMs?: number;
  /** Used to deliver IPNs. Default global fetch. */
  fetch?: typeof fetch;
  /** Clock for tokens and dates (timers use real time). Default Date.now. */
  now?: () => number;
}

export interface SimulatorSwitches {
  /** Deliver every IPN twice. */
  duplicateIpn: boolean;
  /** 0: the IPN is delivered before the browser is redirected; >0: this many ms after the redirect. */
  lateIpnMs: number;
  /** Deliver no IPN at all. */
  dropIpn: boolean;
  /** HTTP status of authentication errors (the body always says status "500"). Default 200. */
  authErrorHttpStatus: number;
}

export interface SimIpnRegistration {
  id: number;
  ipnId: string;
  url: string;
  method: IpnNotificationMethod;
  createdAt: number;
  consumerKey: string;
}

export interface SimRefund {
  amountCents: number;
  username: string;
  remarks: string;
  at: number;
}

export interface SimOrder {
  trackingId: string;
  consumerKey: string;
  merchantReference: string;
  currency: string;
  amountCents: number;
  description: string;
  callbackUrl: string;
  cancellationUrl: string | null;
  notificationId: string;
  redirectMode: RedirectMode;
  billingAddress: BillingAddress;
  createdAt: number;
  status: SimOrderStatus;
  /** The customer chose M-Pesa and the payment has not completed yet (status is still PENDING). */
  mpesaInFlight: boolean;
  paymentMethod: string;
  confirmationCode: string;
  paymentAccount: string;
  statusDescription: string | null;
  paymentStatusCode: string;
  /** When the status last changed (reported as created_date once paid). */
  statusChangedAt: number | null;
  /** Cancelled by the merchant via CancelOrder. */
  cancelled: boolean;
  refund: SimRefund | null;
}

export interface SimIpnDelivery {
  trackingId: string;
  merchantReference: string;
  url: string;
  method: IpnNotificationMethod;
  attempt: number;
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  at: number;
}

export interface SimRequestLogEntry {
  method: string;
  path: string;
  /** Last path segment, e.g. 'RequestToken', 'GetTransactionStatus', 'Index', 'Choose'. */
  op: string;
  at: number;
}

export interface SimulatorState {
  tokens: Map<string, { consumerKey: string; issuedAt: number; expiresAt: number }>;
  ipns: Map<string, SimIpnRegistration>;
  orders: Map<string, SimOrder>;
  ipnDeliveries: SimIpnDelivery[];
  requestLog: SimRequestLogEntry[];
}

export interface PesapalSimulator {
  app: Hono;
  state: SimulatorState;
  switches: SimulatorSwitches;
  /** Test helper: the same as pressing a button on the hosted page, IPN included. Throws if not allowed. */
  complete(trackingId: string, outcome: SimulatorOutcome): Promise<void>;
  /** Resolves when no background work (M-Pesa completion, late IPNs, retries) is pending. */
  idle(): Promise<void>;
  /** Forget everything, cancel pending work and restore the default switches. */
  reset(): void;
}

const DEFAULT_SWITCHES: SimulatorSwitches = { duplicateIpn: false, lateIpnMs: 0, dropIpn: false, authErrorHttpStatus: 200 };
const IPN_TIMEOUT_MS = 10_000;
const EAT_OFFSET_MS = 3 * 3600_000;
const MSG_INVALID_IPN_ID = 'Invalid IPN URL ID provided.Check format and try again';
const MSG_BILLING = 'Please provide billing details information on your API request.';
const CARD_OK_ACCOUNT = '476173**0010';
const CARD_DECLINED_ACCOUNT = '400000**1018';
const DECLINE_DESCRIPTION = 'Unable to Authorize Transaction.Kindly contact your bank for assistance';

type ApiError = { error_type: string; code: string; message: string };
type OutcomeResult =
  | { ok: true; redirectTo: string; redirectMode: RedirectMode; heading: string; message: string }
  | { ok: false; httpStatus: ContentfulStatusCode; message: string };

export function createPesapalSimulator(opts: PesapalSimulatorOptions): PesapalSimulator {
  const basePath = normaliseBasePath(opts.basePath ?? '/pesapalv3');
  const credentials = opts.credentials ?? [{ key: 'simulator-key', secret: 'simulator-secret' }];
  const tokenTtlMs = (opts.tokenTtlSeconds ?? 300) * 1000;
  const mpesaDelayMs = opts.mpesaDelayMs ?? 3000;
  const ipnRetries = Math.max(0, Math.floor(opts.ipnRetries ?? 3));
  const ipnBackoffMs = opts.ipnBackoffMs ?? 200;
  const ipnFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = opts.now ?? Date.now;

  const state: SimulatorState = {
    tokens: new Map(),
    ipns: new Map(),
    orders: new Map(),
    ipnDeliveries: [],
    requestLog: [],
  };
  const switches: SimulatorSwitches = { ...DEFAULT_SWITCHES };
  let nextIpnNumber = 4000;
  let generation = 0;
  const tasks = new Set<Promise<void>>();
  const pendingDelays = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: (elapsed: boolean) => void }>();

  // ------------------------------------------------------------------------------ background work

  function track(work: () => Promise<void>): void {
    const p = work().catch(() => {});
    tasks.add(p);
    void p.finally(() => tasks.delete(p));
  }

  /** Resolves true after `ms`, or false at once when reset() cancels it. */
  function delay(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          pendingDelays.delete(entry);
          resolve(true);
        }, ms),
        resolve,
      };
      pendingDelays.add(entry);
    });
  }

  async function idle(): Promise<void> {
    while (tasks.size > 0) await Promise.allSettled([...tasks]);
  }

  function reset(): void {
    generation++;
    for (const d of pendingDelays) {
      clearTimeout(d.timer);
      d.resolve(false);
    }
    pendingDelays.clear();
    state.tokens.clear();
    state.ipns.clear();
    state.orders.clear();
    state.ipnDeliveries.length = 0;
    state.requestLog.length = 0;
    Object.assign(switches, DEFAULT_SWITCHES);
  }

  // ------------------------------------------------------------------------------ IPN delivery

  async function deliverIpnOnce(order: SimOrder, gen: number): Promise<void> {
    const reg = state.ipns.get(order.notificationId);
    if (!reg) return;
    const params = {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.merchantReference,
      OrderNotificationType: 'IPNCHANGE',
    };
    const url = appendQuery(reg.url, params);
    for (let attempt = 1; attempt <= ipnRetries + 1; attempt++) {
      if (gen !== generation) return;
      let ok = false;
      let httpStatus: number | null = null;
      let error: string | null = null;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), IPN_TIMEOUT_MS);
      try {
        const res = await ipnFetch(url, {
          method: reg.method,
          headers: {
            Accept: 'application/json',
            'User-Agent': 'Pesapal-Simulator-IPN/1.0',
            ...(reg.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
          },
          body: reg.method === 'POST' ? JSON.stringify(params) : undefined,
          signal: controller.signal,
        });
        httpStatus = res.status;
        const text = await res.text();
        try {
          const ack: unknown = JSON.parse(text);
          ok = isObject(ack) && String(ack.status) === '200';
          if (!ok) error = 'acknowledgement without status 200';
        } catch {
          error = 'acknowledgement is not JSON';
        }
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      } finally {
        clearTimeout(timer);
      }
      if (gen !== generation) return;
      state.ipnDeliveries.push({
        trackingId: order.trackingId,
        merchantReference: order.merchantReference,
        url,
        method: reg.method,
        attempt,
        ok,
        httpStatus,
        error,
        at: now(),
      });
      if (ok) return;
      if (attempt <= ipnRetries && !(await delay(ipnBackoffMs * 2 ** (attempt - 1)))) return;
    }
  }

  async function deliverIpn(order: SimOrder, gen: number): Promise<void> {
    if (switches.dropIpn) return;
    const times = switches.duplicateIpn ? 2 : 1;
    for (let i = 0; i < times; i++) await deliverIpnOnce(order, gen);
  }

  /** IPN after a status change: awaited now (before the browser redirect) or scheduled lateIpnMs later. */
  async function notify(order: SimOrder): Promise<void> {
    const gen = generation;
    const late = switches.lateIpnMs;
    if (late > 0) {
      track(async () => {
        if (await delay(late)) await deliverIpn(order, gen);
      });
      return;
    }
    await deliverIpn(order, gen);
  }

  // ------------------------------------------------------------------------------ state changes

  function settle(order: SimOrder, outcome: Exclude<SimulatorOutcome, 'reverse'>): void {
    Object.assign(order, settlement(order, outcome), { statusChangedAt: now(), mpesaInFlight: false });
  }

  async function perform(trackingId: string, outcome: SimulatorOutcome): Promise<OutcomeResult> {
    const order = state.orders.get(trackingId);
    if (!order) return { ok: false, httpStatus: 404, message: 'Order not found.' };
    if (outcome === 'reverse') {
      if (order.status !== 'COMPLETED') return { ok: false, httpStatus: 409, message: 'Only completed payments can be reversed.' };
      order.status = 'REVERSED';
      order.statusDescription = 'Payment reversed';
      order.statusChangedAt = now();
      await notify(order);
      return { ok: true, redirectTo: callbackRedirect(order, false), redirectMode: order.redirectMode, heading: 'Payment reversed', message: '' };
    }
    if (order.cancelled) return { ok: false, httpStatus: 409, message: 'This order was cancelled and can no longer be paid.' };
    if (order.mpesaInFlight) return { ok: false, httpStatus: 409, message: 'An M-Pesa payment for this order is already being processed.' };
    if (isPaid(order)) return { ok: false, httpStatus: 409, message: 'This order has already been processed.' };

    if (outcome === 'mpesa') {
      order.mpesaInFlight = true;
      const gen = generation;
      track(async () => {
        if (!(await delay(mpesaDelayMs)) || gen !== generation || state.orders.get(order.trackingId) !== order) return;
        if (!order.mpesaInFlight) return;
        settle(order, 'mpesa');
        await notify(order);
      });
      return {
        ok: true,
        redirectTo: callbackRedirect(order, false),
        redirectMode: order.redirectMode,
        heading: 'M-Pesa request sent',
        message: 'Confirm the payment on your phone. You are being returned to the shop.',
      };
    }
    settle(order, outcome);
    await notify(order);
    const headings = { card: 'Payment received', fail: 'Payment failed', cancel: 'Payment cancelled' } as const;
    return {
      ok: true,
      redirectTo: callbackRedirect(order, outcome === 'cancel'),
      redirectMode: order.redirectMode,
      heading: headings[outcome],
      message: 'You are being returned to the shop.',
    };
  }

  async function complete(trackingId: string, outcome: SimulatorOutcome): Promise<void> {
    const result = await perform(trackingId, outcome);
    if (!result.ok) throw new Error(`Pesapal simulator: cannot ${outcome} order ${trackingId}: ${result.message}`);
  }

  // ------------------------------------------------------------------------------ HTTP helpers

  function sendJson(c: Context, body: unknown, httpStatus = 200): Response {
    return c.body(toDotNetJson(body), httpStatus as ContentfulStatusCode, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  }

  function apiError(c: Context, error: ApiError, extra: Record<string, unknown> = {}, httpStatus = 200): Response {
    return sendJson(c, { ...extra, error, status: '500' }, httpStatus);
  }

  function authError(c: Context): Response {
    return apiError(
      c,
      { error_type: 'authentication_error', code: 'invalid_api_credentials_provided', message: 'Invalid Access Token' },
      {},
      switches.authErrorHttpStatus,
    );
  }

  function bearer(c: Context): string | null {
    const header = c.req.header('Authorization') ?? '';
    const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m?.[1]) return null;
    const session = state.tokens.get(m[1]);
    if (!session || now() >= session.expiresAt) return null;
    return session.consumerKey;
  }

  async function readJson(c: Context): Promise<unknown> {
    try {
      return JSON.parse(await c.req.text());
    } catch {
      return undefined;
    }
  }

  function invalidParams(c: Context, message: string): Response {
    return apiError(c, { error_type: 'invalid_request_error', code: 'invalid_api_request_parameters', message });
  }

  function callbackRedirect(order: SimOrder, cancelled: boolean): string {
    const base = cancelled && order.cancellationUrl ? order.cancellationUrl : order.callbackUrl;
    return appendQuery(base, {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.merchantReference,
      OrderNotificationType: 'CALLBACKURL',
    });
  }

  function statusBody(order: SimOrder | undefined, trackingId: string): Record<string, unknown> {
    if (!order) {
      return {
        payment_method: '',
        amount: new Decimal2(0),
        created_date: null,
        confirmation_code: '',
        order_tracking_id: trackingId,
        payment_status_description: 'INVALID',
        description: null,
        message: 'Request processed successfully',
        payment_account: '',
        call_back_url: null,
        status_code: 0,
        merchant_reference: '',
        payment_status_code: '',
        currency: '',
        error: { error_type: 'api_error', code: 'payment_details_not_found', message: 'Pending Payment', call_back_url: null },
        status: '500',
      };
    }
    const callBack = appendQuery(order.callbackUrl, {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.merchantReference,
    });
    const paid = order.status !== 'PENDING';
    const code = { PENDING: 0, COMPLETED: 1, FAILED: 2, REVERSED: 3 }[order.status];
    const desc = { PENDING: 'INVALID', COMPLETED: 'Completed', FAILED: 'Failed', REVERSED: 'Reversed' }[order.status];
    return {
      payment_method: paid ? order.paymentMethod : '',
      amount: new Decimal2(order.amountCents),
      created_date: formatEat(paid && order.statusChangedAt !== null ? order.statusChangedAt : order.createdAt),
      confirmation_code: paid ? order.confirmationCode : '',
      order_tracking_id: order.trackingId,
      payment_status_description: desc,
      description: paid ? order.statusDescription : null,
      message: 'Request processed successfully',
      payment_account: paid ? order.paymentAccount : '',
      call_back_url: callBack,
      status_code: code,
      merchant_reference: order.merchantReference,
      payment_status_code: paid ? order.paymentStatusCode : '',
      currency: order.currency,
      error: paid
        ? { error_type: null, code: null, message: null, call_back_url: null }
        : { error_type: 'api_error', code: 'payment_details_not_found', message: 'Pending Payment', call_back_url: callBack },
      status: paid ? '200' : '500',
    };
  }

  function ipnBody(reg: SimIpnRegistration): Record<string, unknown> {
    return {
      id: reg.id,
      url: reg.url,
      created_date: formatUtc(reg.createdAt),
      ipn_id: reg.ipnId,
      notification_type: reg.method === 'GET' ? 0 : 1,
      ipn_notification_type_description: reg.method,
      ipn_status: 1,
      ipn_status_decription: 'Active',
      error: null,
      status: '200',
    };
  }

  // ------------------------------------------------------------------------------ routes

  const app = new Hono();
  const api = `${basePath}/api`;
  const iframe = `${basePath}/pesapaliframe/PesapalIframe3`;

  app.use(`${basePath}/*`, async (c, next) => {
    const segments = c.req.path.split('/').filter(Boolean);
    state.requestLog.push({ method: c.req.method, path: c.req.path, op: segments[segments.length - 1] ?? '', at: now() });
    await next();
  });

  app.onError((err, c) => {
    return sendJson(c, { error: { error_type: 'api_error', code: 'internal_server_error', message: err.message }, status: '500' }, 500);
  });

  app.post(`${api}/Auth/RequestToken`, async (c) => {
    const body = await readJson(c);
    const key = isObject(body) && typeof body.consumer_key === 'string' ? body.consumer_key : '';
    const secret = isObject(body) && typeof body.consumer_secret === 'string' ? body.consumer_secret : '';
    if (!credentials.some((cr) => cr.key === key && cr.secret === secret)) return authError(c);
    const issuedAt = now();
    const expiresAt = issuedAt + tokenTtlMs;
    const token = makeJwt(key, issuedAt, expiresAt);
    state.tokens.set(token, { consumerKey: key, issuedAt, expiresAt });
    return sendJson(c, {
      token,
      expiryDate: formatUtc(expiresAt),
      error: null,
      status: '200',
      message: 'Request processed successfully',
    });
  });

  app.post(`${api}/URLSetup/RegisterIPN`, async (c) => {
    const merchant = bearer(c);
    if (!merchant) return authError(c);
    const body = await readJson(c);
    if (!isObject(body)) return invalidParams(c, 'Invalid request payload.');
    const url = typeof body.url === 'string' ? body.url.trim() : '';
    if (!isHttpUrl(url)) return invalidParams(c, 'Invalid IPN URL provided.');
    const type = typeof body.ipn_notification_type === 'string' ? body.ipn_notification_type.trim().toUpperCase() : '';
    if (type !== 'GET' && type !== 'POST') return invalidParams(c, 'Invalid IPN notification type provided. Use GET or POST.');
    const reg: SimIpnRegistration = {
      id: nextIpnNumber++,
      ipnId: crypto.randomUUID(),
      url,
      method: type,
      createdAt: now(),
      consumerKey: merchant,
    };
    state.ipns.set(reg.ipnId, reg);
    return sendJson(c, ipnBody(reg));
  });

  app.get(`${api}/URLSetup/GetIpnList`, (c) => {
    const merchant = bearer(c);
    if (!merchant) return authError(c);
    return sendJson(
      c,
      [...state.ipns.values()].filter((r) => r.consumerKey === merchant).map(ipnBody),
    );
  });

  app.post(`${api}/Transactions/SubmitOrderRequest`, async (c) => {
    const merchant = bearer(c);
    if (!merchant) return authError(c);
    const body = await readJson(c);
    if (!isObject(body)) return invalidParams(c, 'Invalid request payload.');

    const id = typeof body.id === 'string' ? body.id.trim() : typeof body.id === 'number' ? String(body.id) : '';
    if (id === '') return invalidParams(c, 'Order id (merchant reference) is required.');
    if (id.length > 50) return invalidParams(c, 'Order id (merchant reference) cannot be more than 50 characters.');
    if (!/^[A-Za-z0-9\-_.:]+$/.test(id)) {
      return invalidParams(c, 'Order id (merchant reference) must only contain alphanumeric characters, "-", "_", "." or ":".');
    }
    const currency = typeof body.currency === 'string' ? body.currency.trim().toUpperCase() : '';
    if (!/^[A-Z]{3}$/.test(currency)) return invalidParams(c, 'Invalid currency provided. Use a 3 letter ISO currency code.');
    const amountCents = parseAmountCents(body.amount);
    if (amountCents === null) {
      return invalidParams(c, 'Invalid amount provided. Amount must be greater than zero with at most 2 decimal places.');
    }
    const description = typeof body.description === 'string' ? body.description.trim() : '';
    if (description === '') return invalidParams(c, 'Description is required.');
    if (description.length > 100) return invalidParams(c, 'Description cannot be more than 100 characters.');
    const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url.trim() : '';
    if (!isHttpUrl(callbackUrl)) return invalidParams(c, 'Invalid callback URL provided.');
    let cancellationUrl: string | null = null;
    if (body.cancellation_url !== undefined && body.cancellation_url !== null && body.cancellation_url !== '') {
      cancellationUrl = typeof body.cancellation_url === 'string' ? body.cancellation_url.trim() : '';
      if (!isHttpUrl(cancellationUrl)) return invalidParams(c, 'Invalid cancellation URL provided.');
    }
    let redirectMode: RedirectMode = 'TOP_WINDOW';
    if (body.redirect_mode !== undefined && body.redirect_mode !== null && body.redirect_mode !== '') {
      const mode = typeof body.redirect_mode === 'string' ? body.redirect_mode.trim().toUpperCase() : '';
      if (mode !== 'TOP_WINDOW' && mode !== 'PARENT_WINDOW') {
        return invalidParams(c, 'Invalid redirect mode provided. Use TOP_WINDOW or PARENT_WINDOW.');
      }
      redirectMode = mode;
    }
    const notificationId = typeof body.notification_id === 'string' ? body.notification_id.trim() : '';
    const reg = state.ipns.get(notificationId);
    if (!reg || reg.consumerKey !== merchant) return invalidParams(c, MSG_INVALID_IPN_ID);
    const billing = body.billing_address;
    if (!isObject(billing)) {
      return apiError(c, { error_type: 'api_error', code: 'missing_mandatory_billing_address', message: MSG_BILLING });
    }
    const billingAddress = pickBilling(billing);
    if (!billingAddress.email_address && !billingAddress.phone_number) {
      return apiError(c, {
        error_type: 'api_error',
        code: 'missing_mandatory_billing_address',
        message: 'Please provide either an email address or a phone number in the billing details.',
      });
    }
    for (const o of state.orders.values()) {
      if (o.consumerKey === merchant && o.merchantReference === id) {
        return invalidParams(c, 'Duplicate merchant reference. The order id must be unique for every order request.');
      }
    }

    const trackingId = crypto.randomUUID();
    const order: SimOrder = {
      trackingId,
      consumerKey: merchant,
      merchantReference: id,
      currency,
      amountCents,
      description,
      callbackUrl,
      cancellationUrl,
      notificationId,
      redirectMode,
      billingAddress,
      createdAt: now(),
      status: 'PENDING',
      mpesaInFlight: false,
      paymentMethod: '',
      confirmationCode: '',
      paymentAccount: '',
      statusDescription: null,
      paymentStatusCode: '',
      statusChangedAt: null,
      cancelled: false,
      refund: null,
    };
    state.orders.set(trackingId, order);
    return sendJson(c, {
      order_tracking_id: trackingId,
      merchant_reference: id,
      redirect_url: `${opts.publicBaseUrl().replace(/\/+$/, '')}${iframe}/Index?OrderTrackingId=${trackingId}`,
      error: null,
      status: '200',
    });
  });

  app.get(`${api}/Transactions/GetTransactionStatus`, (c) => {
    const merchant = bearer(c);
    if (!merchant) return authError(c);
    const trackingId = queryParam(c, 'orderTrackingId') ?? '';
    const order = state.orders.get(trackingId);
    return sendJson(c, statusBody(order && order.consumerKey === merchant ? order : undefined, trackingId));
  });

  app.post(`${api}/Transactions/RefundRequest`, async (c) => {
    const merchant = bearer(c);
    if (!merchant) return authError(c);
    const body = await readJson(c);
    const reject = (message: string) => sendJson(c, { status: '500', message });
    if (!isObject(body)) return reject('Invalid request payload.');
    const code = typeof body.confirmation_code === 'string' ? body.confirmation_code.trim() : '';
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const remarks = typeof body.remarks === 'string' ? body.remarks.trim() : '';
    if (!code) return reject('confirmation_code is required.');
    if (!username) return reject('username is required.');
    if (!remarks) return reject('remarks is required.');
    const amountCents = parseAmountCents(body.amount);
    if (amountCents === null) return reject('Invalid refund amount provided.');
    const order = [...state.orders.values()].find((o) => o.consumerKey === merchant && o.confirmationCode === code);
    if (!order) return reject('Invalid confirmation code provided.');
    if (order.refund) return reject('A refund has already been requested for this payment.');
    if (order.status !== 'COMPLETED') return reject('Only completed payments can be refunded.');
    if (amountCents > order.amountCents) return reject('Refund amount cannot be more than the amount paid.');
    if (order.paymentMethod !== 'Visa' && amountCents !== order.amountCents) {
      return reject('Mobile money payments can only be refunded in full.');
    }
    order.refund = { amountCents, username, remarks, at: now() };
    order.status = 'REVERSED';
    order.statusDescription = `Refunded: ${remarks}`;
    order.statusChangedAt = now();
    track(() => notify(order));
    return sendJson(c, { status: '200', message: 'Refund request successfully' });
  });

  app.post(`${api}/Transactions/CancelOrder`, async (c) => {
    const merchant = bearer(c);
    if (!merchant) return authError(c);
    const body = await readJson(c);
    const reject = (message: string) => sendJson(c, { status: '500', message });
    const trackingId = isObject(body) && typeof body.order_tracking_id === 'string' ? body.order_tracking_id.trim() : '';
    if (!trackingId) return reject('order_tracking_id is required.');
    const order = state.orders.get(trackingId);
    if (!order || order.consumerKey !== merchant) return reject('Order not found.');
    if (order.cancelled) return reject('Order has already been cancelled.');
    if (order.mpesaInFlight) return reject('A payment for this order is being processed. It cannot be cancelled.');
    if (isPaid(order)) {
      return reject('Order has already been paid and cannot be cancelled.');
    }
    order.cancelled = true;
    return sendJson(c, { status: '200', message: 'Order successfully cancelled.' });
  });

  // ------------------------------------------------------------------------------ hosted page

  app.on('GET', [`${iframe}/Index`, `${iframe}/Index/`], (c) => {
    const trackingId = queryParam(c, 'OrderTrackingId') ?? '';
    const order = state.orders.get(trackingId);
    if (!order) return htmlPage(c, 404, messagePage('Order not found', 'This payment link is not valid.'));
    if (order.cancelled) {
      return htmlPage(c, 410, messagePage('Order cancelled', 'This order was cancelled and can no longer be paid.'));
    }
    if (order.mpesaInFlight) {
      return htmlPage(c, 200, messagePage('Waiting for M-Pesa', 'The M-Pesa payment for this order is being processed.'));
    }
    if (isPaid(order)) {
      return htmlPage(c, 200, messagePage('Order already processed', 'This order has already been processed and cannot be paid again.'));
    }
    const action = `${c.req.path.replace(/\/Index\/?$/, '/Choose')}?OrderTrackingId=${encodeURIComponent(order.trackingId)}`;
    return htmlPage(c, 200, paymentPage(order, action));
  });

  app.post(`${iframe}/Choose`, async (c) => {
    const trackingId = queryParam(c, 'OrderTrackingId') ?? '';
    let choice = '';
    try {
      const form = await c.req.parseBody();
      choice = typeof form.choice === 'string' ? form.choice : '';
    } catch {
      choice = '';
    }
    if (choice !== 'card' && choice !== 'mpesa' && choice !== 'fail' && choice !== 'cancel') {
      return htmlPage(c, 400, messagePage('Unknown choice', 'Please go back and choose how to pay.'));
    }
    const result = await perform(trackingId, choice);
    if (!result.ok) return htmlPage(c, result.httpStatus, messagePage('Payment not possible', result.message));
    return htmlPage(c, 200, redirectPage(result.heading, result.message, result.redirectTo, result.redirectMode));
  });

  return { app, state, switches, complete, idle, reset };
}

/** Money was taken (and maybe given back): the page is done. A FAILED order can still be paid. */
function isPaid(order: SimOrder): boolean {
  return order.status === 'COMPLETED' || order.status === 'REVERSED';
}

type Settlement = Pick<SimOrder, 'status' | 'paymentMethod' | 'confirmationCode' | 'paymentAccount' | 'statusDescription' | 'paymentStatusCode'>;

/** What each choice on the hosted page leaves behind, as GetTransactionStatus then reports it. */
function settlement(order: SimOrder, outcome: Exclude<SimulatorOutcome, 'reverse'>): Settlement {
  const paid = { statusDescription: null, paymentStatusCode: '' };
  switch (outcome) {
    case 'card':
      return { ...paid, status: 'COMPLETED', paymentMethod: 'Visa', confirmationCode: randomDigits(22), paymentAccount: CARD_OK_ACCOUNT };
    case 'mpesa': {
      const account = maskMsisdn(order.billingAddress.phone_number);
      return { ...paid, status: 'COMPLETED', paymentMethod: 'MpesaKE', confirmationCode: randomMpesaReceipt(), paymentAccount: account };
    }
    case 'fail':
      return {
        status: 'FAILED',
        paymentMethod: 'Visa',
        confirmationCode: randomDigits(22),
        paymentAccount: CARD_DECLINED_ACCOUNT,
        statusDescription: DECLINE_DESCRIPTION,
        paymentStatusCode: '',
      };
    case 'cancel':
      return {
        status: 'FAILED',
        paymentMethod: '',
        confirmationCode: '',
        paymentAccount: '',
        statusDescription: 'Cancelled by customer',
        paymentStatusCode: 'request_terminated_by_user',
      };
  }
}

// ==================================================================================== HTML

interface PageParts {
  title: string;
  body: string;
  script?: string;
}

function htmlPage(c: Context, httpStatus: number, parts: PageParts): Response {
  const nonce = randomBase64(16);
  const scriptSrc = parts.script ? `'nonce-${nonce}'` : "'none'";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pesapal (simulator)</title>
<style nonce="${nonce}">
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f6f8}
main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}
.note{margin:0 0 1rem;color:#4a5560;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.25rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
fieldset{border:0;padding:0;margin:0}
legend{font-weight:600;margin-bottom:.5rem}
.buttons{display:grid;gap:.5rem}
button,.link{display:block;width:100%;padding:.75rem 1rem;font:inherit;font-weight:600;text-align:center;border-radius:.375rem;border:2px solid transparent;cursor:pointer;text-decoration:none}
.pay{background:#0b5cad;color:#fff}.mpesa{background:#1e7a34;color:#fff}
.fail{background:#fff;color:#a4161a;border-color:#a4161a}.cancel{background:#fff;color:#1a1a1a;border-color:#6b7680}
.link{background:#0b5cad;color:#fff}
button:focus-visible,.link:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="note">Pesapal simulator · no real money moves</p>
${parts.body}
</main>
${parts.script ? `<script nonce="${nonce}">${parts.script}</script>` : ''}
</body>
</html>`;
  return c.body(html, httpStatus as ContentfulStatusCode, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src ${scriptSrc}; form-action 'self'; frame-ancestors *; base-uri 'none'`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
}

function paymentPage(order: SimOrder, action: string): PageParts {
  const amount = `${escapeHtml(order.currency)} ${formatMoney(order.amountCents)}`;
  return {
    title: 'Pesapal (simulator)',
    body: `<h1>Pay ${amount}</h1>
<dl>
<dt>Merchant reference</dt><dd>${escapeHtml(order.merchantReference)}</dd>
<dt>Amount</dt><dd>${formatMoney(order.amountCents)}</dd>
<dt>Currency</dt><dd>${escapeHtml(order.currency)}</dd>
<dt>Description</dt><dd>${escapeHtml(order.description)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Choose the outcome</legend>
<div class="buttons">
<button type="submit" name="choice" value="card" class="pay">Pay by card</button>
<button type="submit" name="choice" value="mpesa" class="mpesa">Pay by M-Pesa</button>
<button type="submit" name="choice" value="fail" class="fail">Fail</button>
<button type="submit" name="choice" value="cancel" class="cancel">Cancel</button>
</div>
</fieldset>
</form>`,
  };
}

function messagePage(heading: string, message: string): PageParts {
  return {
    title: 'Pesapal (simulator)',
    body: `<h1>${escapeHtml(heading)}</h1>\n<p role="status">${escapeHtml(message)}</p>`,
  };
}

function redirectPage(heading: string, message: string, url: string, mode: RedirectMode): PageParts {
  const target = mode === 'PARENT_WINDOW' ? 'window.parent' : 'window.top';
  const linkTarget = mode === 'PARENT_WINDOW' ? '_parent' : '_top';
  return {
    title: 'Pesapal (simulator)',
    body: `<h1>${escapeHtml(heading)}</h1>
<p role="status">${escapeHtml(message)}</p>
<p><a class="link" href="${escapeHtml(url)}" target="${linkTarget}">Return to the shop</a></p>`,
    script: `(function(){var u=${scriptString(url)};try{${target}.location.href=u;}catch(e){}})();`,
  };
}

// ==================================================================================== helpers

/** Serialises .NET-like decimals (`10.00`) that JSON.stringify cannot produce. */
class Decimal2 {
  constructor(readonly cents: number) {}
  toJSON(): string {
    return `@@dec2:${formatDecimal(this.cents)}@@`;
  }
}

function toDotNetJson(body: unknown): string {
  return JSON.stringify(body).replace(/"@@dec2:(-?\d+\.\d{2})@@"/g, '$1');
}

function formatDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function formatMoney(cents: number): string {
  const [whole = '0', frac = '00'] = formatDecimal(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Number or numeric string > 0 with at most 2 decimals → cents, else null. */
function parseAmountCents(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  const cents = Math.round(n * 100);
  if (Math.abs(n * 100 - cents) > 1e-6 || cents <= 0) return null;
  return cents;
}

/** UTC with 7 fractional digits, like .NET: 2024-03-18T08:23:21.1680000Z */
function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '0000Z');
}

/** EAT (UTC+3) local time without a zone, trailing fractional zeros trimmed: 2024-03-18T18:25:46.75 */
function formatEat(ms: number): string {
  return new Date(ms + EAT_OFFSET_MS).toISOString().replace(/\.?0*Z$/, '');
}

function appendQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${query}${hash}`;
}

function queryParam(c: Context, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of new URL(c.req.url).searchParams) {
    if (k.toLowerCase() === wanted) return v.trim();
  }
  return undefined;
}

function pickBilling(b: Record<string, unknown>): BillingAddress {
  const keys = [
    'email_address',
    'phone_number',
    'country_code',
    'first_name',
    'middle_name',
    'last_name',
    'line_1',
    'line_2',
    'city',
    'state',
    'postal_code',
    'zip_code',
  ] as const;
  const out: BillingAddress = {};
  for (const k of keys) {
    const v = b[k];
    if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
    else if (typeof v === 'number') out[k] = String(v);
  }
  return out;
}

function maskMsisdn(phone: string | null | undefined): string {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `254${digits.slice(1)}`;
  if (digits.length < 9) digits = '254700000000';
  return `${digits.slice(0, 4)}xxx${digits.slice(-5)}`;
}

function makeJwt(consumerKey: string, issuedAt: number, expiresAt: number): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(issuedAt / 1000);
  const header = enc({ alg: 'HS256', typ: 'JWT' });
  const payload = enc({
    uid: consumerKey,
    jti: crypto.randomUUID(),
    nbf: iat,
    iat,
    exp: Math.floor(expiresAt / 1000),
    iss: 'http://pesapal-simulator/',
    aud: 'http://pesapal-simulator/',
  });
  return `${header}.${payload}.${randomBase64(32, true)}`;
}

function randomBase64(bytes: number, url = false): string {
  const buf = Buffer.from(crypto.getRandomValues(new Uint8Array(bytes)));
  return buf.toString(url ? 'base64url' : 'base64');
}

function randomDigits(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

function randomMpesaReceipt(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `S${Array.from(bytes.slice(1), (b) => alphabet[b % alphabet.length]).join('')}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A JS string literal safe inside <script>. */
function scriptString(s: string): string {
  return JSON.stringify(s).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function normaliseBasePath(p: string): string {
  const trimmed = p.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
