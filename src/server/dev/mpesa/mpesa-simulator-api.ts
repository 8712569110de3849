// The simulator's Daraja endpoints (token, STK push, STK query, Reversal), validating requests the
// way Daraja does and answering in its shapes, quirks included (expires_in as text, the query's
// ResultCode as text and 'successsfully', 'being processed' as an HTTP 500 envelope, the reversal's
// result only later, at its ResultURL).
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MPESA_MAX_SHILLINGS } from '@/domain/mpesa-express';
import { darajaPassword } from '../../integrations/daraja/daraja-client';
import type { MpesaSimulatorCore } from './mpesa-simulator-core';

export interface SimCredentials {
  key: string;
  secret: string;
}

const TOKEN_LIFETIME_S = 3599;
const PHONE = /^254[17]\d{8}$/;
const RECEIPT = /^[A-Z0-9]{10}$/;

/** An absolute http(s) address, or null. */
function httpUrl(value: unknown): URL | null {
  try {
    const url = new URL(String(value ?? ''));
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

function envelope(c: Context, httpStatus: number, errorCode: string, errorMessage: string, requestId?: string) {
  return c.json(
    { requestId: requestId ?? `${randomBytes(2).toString('hex')}-${randomBytes(4).toString('hex')}`, errorCode, errorMessage },
    httpStatus as ContentfulStatusCode,
  );
}

const invalid = (c: Context, field: string) => envelope(c, 400, '400.002.02', `Bad Request - Invalid ${field}`);

export function addDarajaRoutes(app: Hono, core: MpesaSimulatorCore, credentials: SimCredentials[]): void {
  const tokens = new Map<string, number>();

  app.get('/oauth/v1/generate', (c) => {
    const auth = c.req.header('Authorization') ?? '';
    if (!auth.startsWith('Basic ')) return envelope(c, 400, '400.008.01', 'Invalid Authentication passed');
    if (c.req.query('grant_type') !== 'client_credentials') return envelope(c, 400, '400.008.02', 'Invalid grant type passed');
    const [key, secret] = Buffer.from(auth.slice(6), 'base64').toString().split(':');
    if (!credentials.some((k) => k.key === key && k.secret === secret))
      return envelope(c, 400, '400.008.01', 'Invalid Authentication passed');
    const token = randomBytes(21).toString('base64url').slice(0, 28);
    if (core.switches.tokenInvalidatesPrevious) tokens.clear();
    tokens.set(token, core.now().getTime() + TOKEN_LIFETIME_S * 1000);
    return c.json({ access_token: token, expires_in: String(TOKEN_LIFETIME_S) });
  });

  /** The request's JSON when its token is good; else the answer Daraja gives. */
  async function authorised(c: Context): Promise<Record<string, unknown> | Response> {
    const bearer = (c.req.header('Authorization') ?? '').replace(/^Bearer /, '');
    const expires = tokens.get(bearer);
    if (expires === undefined || expires <= core.now().getTime()) return envelope(c, 404, '404.001.03', 'Invalid Access Token');
    if (!(c.req.header('Content-Type') ?? '').includes('application/json')) return invalid(c, 'BusinessShortCode');
    try {
      const body = (await c.req.json()) as unknown;
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      // Below: Daraja names the first field it could not read.
    }
    return invalid(c, 'BusinessShortCode');
  }

  /** The shortcode when it is known and the password matches it; else Daraja's answer. */
  function merchant(c: Context, body: Record<string, unknown>) {
    const code = String(body.BusinessShortCode ?? '');
    const shortcode = core.shortcodes.get(code);
    if (!/^\d{14}$/.test(String(body.Timestamp ?? ''))) return invalid(c, 'Timestamp');
    if (!shortcode) return envelope(c, 500, '500.001.1001', 'Merchant does not exist');
    if (body.Password !== darajaPassword(code, shortcode.passkey, String(body.Timestamp))) {
      return envelope(c, 500, '500.001.1001', '[MerchantValidate] - Wrong credentials');
    }
    return shortcode;
  }

  app.post('/mpesa/stkpush/v1/processrequest', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const shortcode = merchant(c, body);
    if (shortcode instanceof Response) return shortcode;
    const amount = typeof body.Amount === 'string' && /^\d+$/.test(body.Amount) ? Number(body.Amount) : body.Amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MPESA_MAX_SHILLINGS) return invalid(c, 'Amount');
    const partyA = String(body.PartyA ?? '');
    const phone = String(body.PhoneNumber ?? '');
    if (!PHONE.test(partyA)) return invalid(c, 'PartyA');
    if (!PHONE.test(phone)) return invalid(c, 'PhoneNumber');
    const callback = httpUrl(body.CallBackURL);
    if (!callback) return invalid(c, 'CallBackURL');
    const reference = String(body.AccountReference ?? '');
    if (reference.length === 0 || reference.length > 12) return invalid(c, 'AccountReference');
    if (String(body.TransactionDesc ?? '').length > 13) return invalid(c, 'TransactionDesc');
    const type =
      body.TransactionType === 'CustomerBuyGoodsOnline' ? 'till' : body.TransactionType === 'CustomerPayBillOnline' ? 'paybill' : null;
    if (!type) return invalid(c, 'TransactionType');
    if (core.busyPrompt(phone)) {
      return envelope(c, 500, '500.001.1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber');
    }
    const prompt = core.open({ shortcode: shortcode.shortcode, phone, amount, accountReference: reference, callbackUrl: callback.href });
    // A till paid as a paybill (or the wrong PartyB) is accepted here and fails in its callback, as Daraja does.
    if (type !== shortcode.type || String(body.PartyB ?? '') !== shortcode.partyB) core.resolve(prompt.checkoutRequestId, '2028');
    return c.json({
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  app.post('/mpesa/stkpushquery/v1/query', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const shortcode = merchant(c, body);
    if (shortcode instanceof Response) return shortcode;
    const id = String(body.CheckoutRequestID ?? '');
    await core.tick();
    const prompt = core.prompts.get(id);
    if (!prompt?.result || core.switches.queryStaysPending) {
      return envelope(c, 500, '500.001.1001', 'The transaction is being processed', id);
    }
    return c.json({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: prompt.result.code,
      ResultDesc: prompt.result.desc,
    });
  });

  // The request is only accepted here; what M-Pesa did comes to the ResultURL (core.reverse decides it).
  app.post('/mpesa/reversal/v1/request', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const initiator = String(body.Initiator ?? '');
    const credential = String(body.SecurityCredential ?? '');
    if (initiator === '') return invalid(c, 'Initiator');
    if (credential === '') return invalid(c, 'SecurityCredential');
    if (body.CommandID !== 'TransactionReversal') return invalid(c, 'CommandID');
    const receipt = String(body.TransactionID ?? '');
    if (!RECEIPT.test(receipt)) return invalid(c, 'TransactionID');
    const amount = typeof body.Amount === 'string' && /^\d+$/.test(body.Amount) ? Number(body.Amount) : body.Amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MPESA_MAX_SHILLINGS) return invalid(c, 'Amount');
    const receiverParty = String(body.ReceiverParty ?? '');
    if (!/^\d{5,8}$/.test(receiverParty)) return invalid(c, 'ReceiverParty');
    if (!/^\d{1,2}$/.test(String(body.RecieverIdentifierType ?? ''))) return invalid(c, 'RecieverIdentifierType');
    const resultUrl = httpUrl(body.ResultURL);
    if (!resultUrl) return invalid(c, 'ResultURL');
    if (!httpUrl(body.QueueTimeOutURL)) return invalid(c, 'QueueTimeOutURL');
    const remarks = String(body.Remarks ?? '');
    if (remarks.length < 2 || remarks.length > 100) return invalid(c, 'Remarks');
    const occasion = String(body.Occasion ?? '');
    if (occasion.length > 100) return invalid(c, 'Occasion');
    const reversal = core.reverse({ initiator, credential, receipt, amount, receiverParty, resultUrl: resultUrl.href, occasion });
    return c.json({
      OriginatorConversationID: reversal.originatorConversationId,
      ConversationID: reversal.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  });
}
