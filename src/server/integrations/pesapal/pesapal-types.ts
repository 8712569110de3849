// Pesapal API 3.0 request shapes (snake_case, as sent) and the client's own typed surface. The
// answers' shapes are in docs/pesapal.md: the client reads them field by field, since the real API
// omits fields, sends all-null error objects and mixes casing.

// ---------------------------------------------------------------------------------------------
// POST /api/Auth/RequestToken
// ---------------------------------------------------------------------------------------------

export interface RequestTokenRequest {
  consumer_key: string;
  consumer_secret: string;
}

// ---------------------------------------------------------------------------------------------
// POST /api/URLSetup/RegisterIPN and GET /api/URLSetup/GetIpnList
// ---------------------------------------------------------------------------------------------

export type IpnNotificationMethod = 'GET' | 'POST';

export interface RegisterIpnRequest {
  url: string;
  ipn_notification_type: IpnNotificationMethod;
}

// ---------------------------------------------------------------------------------------------
// POST /api/Transactions/SubmitOrderRequest
// ---------------------------------------------------------------------------------------------

export type RedirectMode = 'TOP_WINDOW' | 'PARENT_WINDOW';

export interface BillingAddress {
  /** Either this or `phone_number` is required. */
  email_address?: string | null;
  phone_number?: string | null;
  /** ISO 3166-1 alpha-2. */
  country_code?: string | null;
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  line_1?: string | null;
  line_2?: string | null;
  city?: string | null;
  /** Max 3 characters. */
  state?: string | null;
  postal_code?: string | null;
  zip_code?: string | null;
}

interface SubscriptionDetails {
  /** dd-MM-yyyy */
  start_date: string;
  /** dd-MM-yyyy */
  end_date: string;
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
}

export interface SubmitOrderRequest {
  /** Merchant reference, unique, max 50 characters. */
  id: string;
  currency: string;
  /** JSON number with at most 2 decimals. */
  amount: number;
  /** Max 100 characters. */
  description: string;
  callback_url: string;
  cancellation_url?: string;
  redirect_mode?: RedirectMode;
  /** `ipn_id` from RegisterIPN. */
  notification_id: string;
  branch?: string;
  billing_address: BillingAddress;
  account_number?: string;
  subscription_details?: SubscriptionDetails;
}

// ---------------------------------------------------------------------------------------------
// GET /api/Transactions/GetTransactionStatus?orderTrackingId=…
// ---------------------------------------------------------------------------------------------

/** 0 INVALID (i.e. not paid yet, or unknown), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
export type PesapalStatusCode = 0 | 1 | 2 | 3;

// ---------------------------------------------------------------------------------------------
// POST /api/Transactions/RefundRequest and POST /api/Transactions/CancelOrder
// ---------------------------------------------------------------------------------------------

export interface RefundRequest {
  confirmation_code: string;
  /** Float in Pesapal's docs table; their sample sends the string "100.00". */
  amount: number | string;
  username: string;
  remarks: string;
}

export interface CancelOrderRequest {
  order_tracking_id: string;
}

// ---------------------------------------------------------------------------------------------
// IPN (Pesapal → merchant) and the merchant's acknowledgement
// ---------------------------------------------------------------------------------------------

export type OrderNotificationType = 'IPNCHANGE' | 'CALLBACKURL' | 'RECURRING';

/** What the merchant answers to an IPN. camelCase keys; `status` is a NUMBER here. */
export interface IpnAcknowledgement {
  orderNotificationType: OrderNotificationType;
  orderTrackingId: string;
  orderMerchantReference: string;
  status: 200 | 500;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * Everything the client throws. `code` is Pesapal's `error.code` when there is one, else one of
 * the client's own codes: 'invalid_input' (rejected before sending), 'invalid_response' (non-JSON
 * body such as an HTML error page, or a JSON body missing required fields), 'timeout',
 * 'network_error', 'request_failed' (body status not "200" without an error code), 'http_error'.
 * `httpStatus` is 0 when no HTTP response was received. `body` is the parsed JSON body (or the
 * first 500 characters of a non-JSON body); tokens are redacted from it.
 */
export class PesapalError extends Error {
  readonly code: string;
  readonly errorType: string | null;
  readonly httpStatus: number;
  readonly body: unknown;

  constructor(init: { code: string; message: string; errorType?: string | null; httpStatus?: number; body?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'PesapalError';
    this.code = init.code;
    this.errorType = init.errorType ?? null;
    this.httpStatus = init.httpStatus ?? 0;
    this.body = init.body;
  }
}

// ---------------------------------------------------------------------------------------------
// The client's typed surface (camelCase)
// ---------------------------------------------------------------------------------------------

export interface PesapalClientOptions {
  /** e.g. pesapalBaseUrl('sandbox') or the simulator's `${PUBLIC_URL}/pesapal-sim/pesapalv3`. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch?: typeof fetch;
  /** Per attempt, covering the body read. Default 15000. */
  timeoutMs?: number;
  /** Retries on network errors, timeouts and HTTP 502–504, idempotent calls only. Default 2. */
  retries?: number;
  now?: () => number;
  /** Never receives secrets or tokens. */
  log?: (msg: string, data?: Record<string, unknown>) => void;
}

export interface IpnRegistration {
  ipnId: string;
  url: string;
}

interface SubmitOrderBillingAddress {
  emailAddress: string;
  phoneNumber?: string;
  countryCode?: string;
  firstName?: string;
  lastName?: string;
  line1?: string;
}

export interface SubmitOrderInput {
  /** Merchant reference: 1–50 characters of [A-Za-z0-9-]. Use a fresh one per payment attempt. */
  id: string;
  /** ISO 4217, e.g. 'KES'. */
  currency: string;
  /** Major units with at most 2 decimals, e.g. 1234.5. */
  amount: number;
  /** Truncated to 100 characters. */
  description: string;
  callbackUrl: string;
  cancellationUrl?: string;
  /** ipn_id from registerIpn. */
  notificationId: string;
  redirectMode?: RedirectMode;
  billingAddress: SubmitOrderBillingAddress;
}

export interface SubmitOrderResult {
  orderTrackingId: string;
  merchantReference: string;
  redirectUrl: string;
}

export type TransactionStatusName = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REVERSED';

export interface TransactionStatus {
  /** 0 = not paid yet (Pesapal says INVALID; also unknown ids), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
  statusCode: PesapalStatusCode;
  status: TransactionStatusName;
  description: string | null;
  paymentMethod: string;
  /** Integer minor units. */
  amountCents: number;
  currency: string;
  merchantReference: string;
  confirmationCode: string;
  paymentAccount: string;
  /** Parsed from EAT (+03:00) when the string has no zone. */
  createdAt: Date | null;
  /** The body as received. */
  raw: unknown;
}

export interface RefundInput {
  confirmationCode: string;
  /** Major units, at most 2 decimals. */
  amount: number;
  username: string;
  remarks: string;
}

export interface RefundResult {
  /** Request received; the money moves only after merchant approval. */
  accepted: boolean;
  message: string;
}

export interface CancelOrderResult {
  cancelled: boolean;
  message: string;
}

export interface PesapalClient {
  registerIpn(url: string, method?: IpnNotificationMethod): Promise<IpnRegistration>;
  listIpns(): Promise<IpnRegistration[]>;
  submitOrder(req: SubmitOrderInput): Promise<SubmitOrderResult>;
  getTransactionStatus(orderTrackingId: string): Promise<TransactionStatus>;
  refund(input: RefundInput): Promise<RefundResult>;
  cancelOrder(orderTrackingId: string): Promise<CancelOrderResult>;
}
