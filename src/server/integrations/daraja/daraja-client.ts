// A small typed client of Safaricom's Daraja API for M-Pesa Express (docs/mpesa.md has the facts).
//
// Rules it follows:
// - One token per client, refreshed a minute before it expires, one refresh at a time (a new token
//   may invalidate the previous one: unconfirmed, so two refreshes never race). `expires_in` comes
//   as text or a number. A call refused with 404.001.03 (Invalid Access Token) gets a new token and
//   is tried once more; that refusal happens before Daraja does anything, so a push is never sent twice.
// - Nothing else is retried: a push and a reversal are not idempotent, and the query is asked again
//   by the caller's schedule.
// - Errors are read from Daraja's envelope { requestId, errorCode, errorMessage } whatever the HTTP
//   status; the query's 500.001.1001 'The transaction is being processed' is not an error: pending.
// - Answers are read with the zod schemas below; one that cannot be read is 'invalid_response',
//   never a guessed value. Keys, the passkey and tokens never reach `log` or an error.
import { z } from 'zod';
import { darajaTimestamp, TRANSACTION_DESC_MAX } from '@/domain/mpesa-express';
import {
  DarajaError,
  type DarajaClient,
  type DarajaClientOptions,
  type ReversalAccepted,
  type ReversalInput,
  type StkPushAccepted,
  type StkPushInput,
  type StkQueryAnswer,
} from './daraja-types';

const REFRESH_MARGIN_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 15_000;
const INVALID_TOKEN = '404.001.03';

/** Text that may come as a number. */
const text = z.union([z.string(), z.number().transform(String)]);

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
});
const errorEnvelope = z.object({ errorCode: text, errorMessage: z.string().catch(''), requestId: text.optional() });
const pushAnswer = z.object({
  MerchantRequestID: text,
  CheckoutRequestID: z.string().min(1).max(64),
  ResponseCode: text,
  ResponseDescription: z.string().catch(''),
  CustomerMessage: z.string().catch(''),
});
const queryAnswer = z.object({ ResponseCode: text, ResultCode: text, ResultDesc: z.string().catch('') });
const reversalAnswer = z.object({
  OriginatorConversationID: text,
  ConversationID: z.string().min(1).max(100),
  ResponseCode: text,
  ResponseDescription: z.string().catch(''),
});
/** Remarks and Occasion: at most 100 characters (Daraja's field table). */
const REVERSAL_TEXT_MAX = 100;

/** base64(shortcode + passkey + timestamp): Daraja's Password, plain concatenation. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

export function createDarajaClient(opts: DarajaClientOptions): DarajaClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = opts.log ?? (() => undefined);
  let token: { value: string; expiresAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      log('no answer', { url, error: err instanceof Error ? err.message : String(err) });
      throw new DarajaError('unavailable', 'M-Pesa did not answer. Please try again.');
    }
    const raw = await res.text();
    try {
      return { status: res.status, body: JSON.parse(raw) as unknown };
    } catch {
      log('answer is not JSON', { url, status: res.status, body: raw.slice(0, 200) });
      throw new DarajaError('invalid_response', 'M-Pesa sent an answer the shop could not read.', null, res.status);
    }
  }

  async function newToken(): Promise<string> {
    const basic = Buffer.from(`${opts.consumerKey}:${opts.consumerSecret}`).toString('base64');
    const { status, body } = await send(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      method: 'GET',
      headers: { Authorization: `Basic ${basic}` },
    });
    const read = tokenAnswer.safeParse(body);
    if (status !== 200 || !read.success) {
      const envelope = errorEnvelope.safeParse(body);
      log('token refused', { status, errorCode: envelope.success ? envelope.data.errorCode : null });
      throw new DarajaError(
        'auth',
        'M-Pesa refused the shop’s consumer key and secret.',
        envelope.success ? envelope.data.errorCode : null,
        status,
      );
    }
    const lifetimeMs = (read.data.expires_in ?? 3599) * 1000;
    token = { value: read.data.access_token, expiresAt: now().getTime() + lifetimeMs };
    return token.value;
  }

  async function currentToken(): Promise<string> {
    if (token && token.expiresAt - REFRESH_MARGIN_MS > now().getTime()) return token.value;
    refreshing ??= newToken().finally(() => (refreshing = null));
    return refreshing;
  }

  /** A business call: POST with the token; a refused token is renewed and the call made once more. */
  async function call(path: string, payload: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await currentToken();
      const answer = await send(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const envelope = errorEnvelope.safeParse(answer.body);
      if (envelope.success && envelope.data.errorCode === INVALID_TOKEN && attempt === 0) {
        if (token?.value === bearer) token = null;
        continue;
      }
      return answer;
    }
  }

  function credentials() {
    const timestamp = darajaTimestamp(now());
    return { BusinessShortCode: opts.shortcode, Password: darajaPassword(opts.shortcode, opts.passkey, timestamp), Timestamp: timestamp };
  }

  /** The error an envelope stands for. */
  function envelopeError(status: number, body: unknown, what: string): DarajaError {
    const envelope = errorEnvelope.safeParse(body);
    if (!envelope.success)
      return new DarajaError('invalid_response', `M-Pesa sent an answer to the ${what} the shop could not read.`, null, status);
    const { errorCode, errorMessage } = envelope.data;
    log(`${what} refused`, { status, errorCode, errorMessage });
    if (errorCode === INVALID_TOKEN || errorCode.startsWith('400.008') || /Wrong credentials|Merchant does not exist/i.test(errorMessage)) {
      return new DarajaError('auth', `M-Pesa refused the shop’s settings: ${errorMessage}`, errorCode, status);
    }
    if (errorCode.startsWith('500.003')) return new DarajaError('busy', 'M-Pesa is busy. Please try again shortly.', errorCode, status);
    if (/unable to lock subscriber/i.test(errorMessage)) {
      return new DarajaError(
        'rejected',
        'Another M-Pesa prompt is open on your phone. Finish or cancel it, then try again in a minute.',
        errorCode,
        status,
      );
    }
    return new DarajaError('rejected', errorMessage || `M-Pesa refused the ${what}.`, errorCode, status);
  }

  return {
    async checkToken(): Promise<void> {
      await currentToken();
    },

    async stkPush(input: StkPushInput): Promise<StkPushAccepted> {
      const { status, body } = await call('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: opts.shortcodeType === 'till' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
        Amount: input.amountShillings,
        PartyA: input.phone,
        PartyB: opts.partyB,
        PhoneNumber: input.phone,
        CallBackURL: input.callbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: input.description.slice(0, TRANSACTION_DESC_MAX) || 'Order',
      });
      const read = pushAnswer.safeParse(body);
      if (status !== 200 || !read.success) throw envelopeError(status, body, 'payment request');
      if (read.data.ResponseCode !== '0') {
        throw new DarajaError(
          'rejected',
          read.data.ResponseDescription || 'M-Pesa did not accept the payment request.',
          read.data.ResponseCode,
          status,
        );
      }
      return {
        merchantRequestId: read.data.MerchantRequestID,
        checkoutRequestId: read.data.CheckoutRequestID,
        customerMessage: read.data.CustomerMessage,
      };
    },

    async stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer> {
      const { status, body } = await call('/mpesa/stkpushquery/v1/query', { ...credentials(), CheckoutRequestID: checkoutRequestId });
      const envelope = errorEnvelope.safeParse(body);
      if (envelope.success && envelope.data.errorCode === '500.001.1001' && /being processed/i.test(envelope.data.errorMessage)) {
        return { state: 'pending' };
      }
      const read = queryAnswer.safeParse(body);
      if (status !== 200 || !read.success) throw envelopeError(status, body, 'payment check');
      return { state: 'final', resultCode: read.data.ResultCode.trim(), resultDesc: read.data.ResultDesc };
    },

    async reversal(input: ReversalInput): Promise<ReversalAccepted> {
      const operator = opts.reversal;
      if (!operator) throw new DarajaError('auth', 'No M-Pesa API operator is set (MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL).');
      const { status, body } = await call('/mpesa/reversal/v1/request', {
        Initiator: operator.initiator,
        SecurityCredential: operator.securityCredential,
        CommandID: 'TransactionReversal',
        TransactionID: input.receipt,
        // Whole shillings as text, as the portal's own reversal sample sends it.
        Amount: String(input.amountShillings),
        ReceiverParty: operator.receiverParty ?? opts.shortcode,
        // Daraja's own spelling.
        RecieverIdentifierType: operator.identifierType,
        ResultURL: input.resultUrl,
        QueueTimeOutURL: input.queueTimeoutUrl,
        Remarks: input.remarks.slice(0, REVERSAL_TEXT_MAX) || 'Refund',
        Occasion: input.occasion.slice(0, REVERSAL_TEXT_MAX),
      });
      const read = reversalAnswer.safeParse(body);
      if (status !== 200 || !read.success) throw envelopeError(status, body, 'reversal request');
      if (read.data.ResponseCode.trim() !== '0') {
        throw new DarajaError(
          'rejected',
          read.data.ResponseDescription || 'M-Pesa did not accept the reversal request.',
          read.data.ResponseCode,
          status,
        );
      }
      return {
        originatorConversationId: read.data.OriginatorConversationID,
        conversationId: read.data.ConversationID,
        responseDescription: read.data.ResponseDescription,
      };
    },
  };
}
