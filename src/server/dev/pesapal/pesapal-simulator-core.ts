// The simulator's state and what changes it: orders settled by the customer's choice, IPNs
// delivered to the merchant (with the test switches: duplicate, late, dropped), background work
// that tests can wait for, and reset.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { backoff } from '@/domain/backoff';
import type { RedirectMode } from '../../integrations/pesapal/pesapal-types';
import type {
  MpesaShillings,
  PesapalSimulatorOptions,
  SimOrder,
  SimulatorOutcome,
  SimulatorState,
  SimulatorSwitches,
} from './pesapal-simulator';
import { appendQuery, isObject, maskMsisdn, normaliseBasePath, randomDigits, randomMpesaReceipt } from './pesapal-simulator-format';
import { createRefundDesk } from './pesapal-simulator-refunds';

const DEFAULT_SWITCHES: SimulatorSwitches = {
  duplicateIpn: false,
  lateIpnMs: 0,
  dropIpn: false,
  authErrorHttpStatus: 200,
  refundApproveAfterSeconds: null,
  mpesaShillings: 'exact',
  refundsPerPayment: 'one',
  partialRefundsShow: 'reversed',
};
const IPN_TIMEOUT_MS = 10_000;
const CARD_OK_ACCOUNT = '476173**0010';
const CARD_DECLINED_ACCOUNT = '400000**1018';
const DECLINE_DESCRIPTION = 'Unable to Authorize Transaction.Kindly contact your bank for assistance';

export type OutcomeResult =
  | { ok: true; redirectTo: string; redirectMode: RedirectMode; heading: string; message: string }
  | { ok: false; httpStatus: ContentfulStatusCode; message: string };

export type SimulatorCore = ReturnType<typeof createSimulatorCore>;

export function createSimulatorCore(opts: PesapalSimulatorOptions) {
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
      if (attempt <= ipnRetries && !(await delay(backoff(attempt, { baseMs: ipnBackoffMs })))) return;
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
    const settled = settlement(order, outcome);
    const collectedCents =
      settled.paymentMethod === 'MpesaKE' ? inShillings(order.amountCents, switches.mpesaShillings) : order.amountCents;
    Object.assign(order, settled, { collectedCents, statusChangedAt: now(), mpesaInFlight: false });
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
      return {
        ok: true,
        redirectTo: callbackRedirect(order, false),
        redirectMode: order.redirectMode,
        heading: 'Payment reversed',
        message: '',
      };
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

  const refunds = createRefundDesk({ state, switches, now, notify, track, delay });

  function callbackRedirect(order: SimOrder, cancelled: boolean): string {
    const base = cancelled && order.cancellationUrl ? order.cancellationUrl : order.callbackUrl;
    return appendQuery(base, {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.merchantReference,
      OrderNotificationType: 'CALLBACKURL',
    });
  }

  return {
    basePath,
    credentials,
    tokenTtlMs,
    now,
    state,
    switches,
    publicBaseUrl: opts.publicBaseUrl,
    /** The next IPN registration number (Pesapal's are sequential). */
    nextIpnNumber: () => nextIpnNumber++,
    track,
    notify,
    perform,
    complete,
    refunds,
    idle,
    reset,
  };
}

/** Money was taken (and maybe given back): the page is done. A FAILED order can still be paid. */
export function isPaid(order: SimOrder): boolean {
  return order.status === 'COMPLETED' || order.status === 'REVERSED';
}

type Settlement = Pick<
  SimOrder,
  'status' | 'paymentMethod' | 'confirmationCode' | 'paymentAccount' | 'statusDescription' | 'paymentStatusCode'
>;

/** An amount as M-Pesa collects it under the switch: whole shillings, rounded as told, or to the cent. */
function inShillings(cents: number, how: MpesaShillings): number {
  if (how === 'exact') return cents;
  const round = { down: Math.floor, nearest: Math.round, up: Math.ceil }[how];
  return round(cents / 100) * 100;
}

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
