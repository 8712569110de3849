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
// - An accepted refund waits, as Pesapal's waits for the merchant's approval in its dashboard:
//   the payment stays COMPLETED until the refund is approved (on the switches page, through
//   approveRefund, or by itself after the 'approve refunds after N seconds' switch, on the
//   simulator's clock). Approved, the payment turns REVERSED and an IPNCHANGE is sent. Rejected, the
//   payment stays COMPLETED and an IPNCHANGE is sent too: what Pesapal does then is not documented
//   (docs/pesapal.md). A rejected refund may be requested again.
// - A second refund of a payment is refused ('one refund per payment', the docs) unless the switch
//   says 'many'; an approved refund of part of a payment REVERSES it, or with the switch lowers its
//   reported amount and leaves it COMPLETED: neither is documented (decision 049).
// - Mounted with `parent.route('/pesapal-sim', sim.app)`, every route lives under `/pesapal-sim${basePath}`.
//   The parent's security headers must leave the hosted page framable (no X-Frame-Options).
//
// This file holds the simulator's shared types; create-pesapal-simulator.ts builds it from the core,
// the API routes and the hosted page, which import these types (and not the factory), so no circle.
import type { Hono } from 'hono';
import type { BillingAddress, IpnNotificationMethod, RedirectMode } from '../../integrations/pesapal/pesapal-types';

export type SimulatorOutcome = 'card' | 'mpesa' | 'fail' | 'cancel' | 'reverse';
type SimOrderStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REVERSED';

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
  /** Approve each accepted refund this many seconds after it was requested; null (default): wait for Approve or Reject. */
  refundApproveAfterSeconds: number | null;
  /**
   * How an M-Pesa payment of a total with cents is collected and reported: 'exact' (to the cent, the
   * default), or in whole shillings rounded 'down', to the 'nearest' or 'up' (what Pesapal does is
   * not documented; M-Pesa itself moves whole shillings).
   */
  mpesaShillings: MpesaShillings;
  /**
   * Refunds per payment: 'one' (the docs: a second is refused unless the first was rejected) or
   * 'many' (another may be asked for once the last is decided, up to what is left).
   */
  refundsPerPayment: 'one' | 'many';
  /**
   * How an approved refund of part of a payment shows: 'reversed' (the payment turns REVERSED, as a
   * whole refund does) or 'amount' (it stays COMPLETED, its reported amount lowered by the refund).
   * What Pesapal does is not documented.
   */
  partialRefundsShow: 'reversed' | 'amount';
}

export const MPESA_SHILLINGS = ['exact', 'down', 'nearest', 'up'] as const;
export type MpesaShillings = (typeof MPESA_SHILLINGS)[number];

export interface SimIpnRegistration {
  id: number;
  ipnId: string;
  url: string;
  method: IpnNotificationMethod;
  createdAt: number;
  consumerKey: string;
}

type SimRefundStatus = 'pending' | 'approved' | 'rejected';
export type RefundDecision = 'approve' | 'reject';

export interface SimRefund {
  amountCents: number;
  username: string;
  remarks: string;
  at: number;
  status: SimRefundStatus;
  /** When the 'approve refunds after N seconds' switch approves it; null: it waits for a decision. */
  approveAt: number | null;
  decidedAt: number | null;
}

/** What deciding a waiting refund did: the refund as it now stands, or why nothing was decided. */
export type RefundDecisionResult = { ok: true; refund: SimRefund } | { ok: false; httpStatus: 404 | 409; message: string };

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
  /** What the payment collected and Pesapal reports as its amount; the order's amount until paid. */
  collectedCents: number;
  confirmationCode: string;
  paymentAccount: string;
  statusDescription: string | null;
  paymentStatusCode: string;
  /** When the status last changed (reported as created_date once paid). */
  statusChangedAt: number | null;
  /** Cancelled by the merchant via CancelOrder. */
  cancelled: boolean;
  /** The latest refund request Pesapal accepted (a rejected one may be followed by another). */
  refund: SimRefund | null;
}

interface SimIpnDelivery {
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

interface SimRequestLogEntry {
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
  /** The merchant approves or rejects the payment's waiting refund (as in Pesapal's dashboard), IPN included. */
  decideRefund(trackingId: string, decision: RefundDecision): Promise<RefundDecisionResult>;
  /** Approves the refunds whose automatic approval is due on the simulator's clock; returns how many. */
  approveDueRefunds(): number;
  /** The refunds waiting for a decision, oldest first. */
  waitingRefunds(): { order: SimOrder; refund: SimRefund }[];
  /** Resolves when no background work (M-Pesa completion, late IPNs, retries) is pending. */
  idle(): Promise<void>;
  /** Forget everything, cancel pending work and restore the default switches. */
  reset(): void;
}
