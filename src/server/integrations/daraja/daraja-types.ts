// The shapes the Daraja client speaks in (M-Pesa Express: token, STK push, STK query, callback; the
// Reversal API and its result).

type ShortcodeType = 'till' | 'paybill';

export interface DarajaClientOptions {
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or the built-in simulator. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The go-live shortcode: the paybill, or a till's store (head-office) number. */
  shortcode: string;
  passkey: string;
  shortcodeType: ShortcodeType;
  /** Where the money goes: the till number, or the paybill (the shortcode). */
  partyB: string;
  /** The API operator for the Reversal API; without it `reversal` is refused before anything is sent. */
  reversal?: DarajaReversalOptions;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Each request's time limit (default 15 s). */
  timeoutMs?: number;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export interface DarajaReversalOptions {
  /** The API operator's user name on the M-PESA org portal. */
  initiator: string;
  /** Its password encrypted with Safaricom's certificate, base64: sent as given. */
  securityCredential: string;
  /** RecieverIdentifierType: '11' (the portal) or '4' (older documents); unconfirmed. */
  identifierType: string;
  /** ReceiverParty when it is not the shortcode (a till's till number, say; unconfirmed which). */
  receiverParty?: string;
}

export interface ReversalInput {
  /** The M-Pesa receipt of the payment to reverse. */
  receipt: string;
  /** Whole shillings: all the payment collected (partial reversals are unconfirmed). */
  amountShillings: number;
  resultUrl: string;
  queueTimeoutUrl: string;
  /** Up to 100 characters; longer is cut. */
  remarks: string;
  /** Up to 100 characters; the shop's key of the refund, in case the result comes back with it. */
  occasion: string;
}

/** Daraja took the request: the result comes later to the ResultURL, keyed by ConversationID. */
export interface ReversalAccepted {
  originatorConversationId: string;
  conversationId: string;
  responseDescription: string;
}

/** A Reversal result (or queue time-out) as the shop reads it. */
export interface ReversalResult {
  /** '0' when reversed; 'R000001' already reversed, 'R000002' not a transaction it can reverse, … */
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string | null;
  conversationId: string | null;
  /** M-Pesa's id of the reversal itself, when it names one. */
  transactionId: string | null;
  /** ReferenceData's Occasion: what the request sent, when M-Pesa echoes it. */
  occasion: string | null;
}

export interface StkPushInput {
  /** Whole shillings (mpesaAmountShillings). */
  amountShillings: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX (mpesaMsisdn). */
  phone: string;
  callbackUrl: string;
  /** Shown in the prompt; at most 12 characters (accountReference). */
  accountReference: string;
  /** At most 13 characters; longer is cut. */
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  /** The key of the query and of the callback. */
  checkoutRequestId: string;
  customerMessage: string;
}

/** The query's answer: still waiting for the customer, or the final result code (as text). */
export type StkQueryAnswer = { state: 'pending' } | { state: 'final'; resultCode: string; resultDesc: string };

/** A callback as the shop reads it; the metadata only on success. */
export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: string;
  resultDesc: string;
  amountShillings: number | null;
  receipt: string | null;
  transactionDate: Date | null;
  phone: string | null;
}

export type DarajaErrorKind =
  /** The keys, the token or the shortcode and passkey were refused: the owner's settings. */
  | 'auth'
  /** The request was refused as it was (a field, the subscriber busy with another prompt): not sent. */
  | 'rejected'
  /** Safaricom asked to slow down or failed inside: try again later. */
  | 'busy'
  /** No answer (network, time limit): a push may or may not have gone out. */
  | 'unavailable'
  /** An answer that could not be read. */
  | 'invalid_response';

export class DarajaError extends Error {
  constructor(
    readonly kind: DarajaErrorKind,
    message: string,
    readonly errorCode: string | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

export interface DarajaClient {
  /** Gets a token (asks Daraja unless one is held): proves the keys without sending a prompt. The token is never returned. */
  checkToken(): Promise<void>;
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer>;
  /** Asks M-Pesa to reverse a payment; accepted only means the result will come. Never retried (but for one token renewal). */
  reversal(input: ReversalInput): Promise<ReversalAccepted>;
}
