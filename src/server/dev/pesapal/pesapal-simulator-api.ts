// The simulator's Pesapal API 3.0: token, IPN registration, SubmitOrderRequest,
// GetTransactionStatus, RefundRequest and CancelOrder, with Pesapal's answers and error shapes.
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RedirectMode } from '../../integrations/pesapal/pesapal-types';
import type { SimIpnRegistration, SimOrder } from './pesapal-simulator';
import { isPaid, type SimulatorCore } from './pesapal-simulator-core';
import {
  appendQuery,
  Decimal2,
  formatEat,
  formatUtc,
  isHttpUrl,
  isObject,
  makeJwt,
  parseAmountCents,
  pickBilling,
  queryParam,
  toDotNetJson,
} from './pesapal-simulator-format';

const MSG_INVALID_IPN_ID = 'Invalid IPN URL ID provided.Check format and try again';
const MSG_BILLING = 'Please provide billing details information on your API request.';

type ApiError = { error_type: string; code: string; message: string };

export function sendJson(c: Context, body: unknown, httpStatus = 200): Response {
  return c.body(toDotNetJson(body), httpStatus as ContentfulStatusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
  });
}

/** Adds the API's routes under `${basePath}/api` to the simulator's app. */
export function addApiRoutes(app: Hono, core: SimulatorCore): void {
  const { basePath, credentials, tokenTtlMs, now, state, switches } = core;
  const api = `${basePath}/api`;
  const iframe = `${basePath}/pesapaliframe/PesapalIframe3`;

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
      amount: new Decimal2(paid ? order.collectedCents : order.amountCents),
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
      id: core.nextIpnNumber(),
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
    return sendJson(c, [...state.ipns.values()].filter((r) => r.consumerKey === merchant).map(ipnBody));
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
      collectedCents: amountCents,
      cancelled: false,
      refund: null,
    };
    state.orders.set(trackingId, order);
    return sendJson(c, {
      order_tracking_id: trackingId,
      merchant_reference: id,
      redirect_url: `${core.publicBaseUrl().replace(/\/+$/, '')}${iframe}/Index?OrderTrackingId=${trackingId}`,
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
    // Only one refund per payment (docs); the simulator lets a rejected one be asked for again, and
    // with 'many', another once the last is decided.
    const last = order.refund;
    const another = switches.refundsPerPayment === 'many' ? last?.status === 'pending' : last && last.status !== 'rejected';
    if (another) return reject('A refund has already been requested for this payment.');
    if (order.status !== 'COMPLETED') return reject('Only completed payments can be refunded.');
    if (amountCents > order.collectedCents) return reject('Refund amount cannot be more than the amount paid.');
    if (order.paymentMethod !== 'Visa' && amountCents !== order.collectedCents) {
      return reject('Mobile money payments can only be refunded in full.');
    }
    // Received, not refunded: the money moves only once the refund is approved.
    core.refunds.accept(order, { amountCents, username, remarks });
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
}
