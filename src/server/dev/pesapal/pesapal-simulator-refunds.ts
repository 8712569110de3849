// The simulator's refunds as Pesapal makes them: an accepted request waits for the merchant's
// decision (Approve or Reject on the switches page, decideRefund in tests, or the 'approve refunds
// after N seconds' switch, on the simulator's clock), and only an approval moves the money: the
// payment turns REVERSED (or, for part of it with the 'amount' switch, reports less). Either
// decision is notified with an IPNCHANGE (see pesapal-simulator.ts).
import type { RefundDecision, RefundDecisionResult, SimOrder, SimRefund, SimulatorState, SimulatorSwitches } from './pesapal-simulator';

interface RefundDeskDeps {
  state: SimulatorState;
  switches: SimulatorSwitches;
  now: () => number;
  notify: (order: SimOrder) => Promise<void>;
  track: (work: () => Promise<void>) => void;
  /** Resolves true after `ms`, false when the simulator is reset meanwhile. */
  delay: (ms: number) => Promise<boolean>;
}

export function createRefundDesk({ state, switches, now, notify, track, delay }: RefundDeskDeps) {
  function settle(order: SimOrder, refund: SimRefund, decision: RefundDecision): void {
    const at = now();
    refund.status = decision === 'approve' ? 'approved' : 'rejected';
    refund.decidedAt = at;
    if (decision === 'reject') return;
    order.statusChangedAt = at;
    if (refund.amountCents < order.collectedCents && switches.partialRefundsShow === 'amount') {
      order.collectedCents -= refund.amountCents;
      order.statusDescription = `Partly refunded: ${refund.remarks}`;
      return;
    }
    order.status = 'REVERSED';
    order.statusDescription = `Refunded: ${refund.remarks}`;
  }

  const waiting = (order: SimOrder, refund: SimRefund) => order.refund === refund && refund.status === 'pending';

  /**
   * The switch's timer. It is not background work tests wait for (idle()): a long delay is reached
   * by moving the clock instead. A timer that fires before the clock reaches the time waits again.
   */
  function scheduleApproval(order: SimOrder, refund: SimRefund): void {
    if (refund.approveAt === null) return;
    // At least a tick: the approval never overtakes Pesapal's answer to the request.
    void delay(Math.max(1, refund.approveAt - now())).then((elapsed) => {
      if (!elapsed || !waiting(order, refund)) return;
      if (refund.approveAt !== null && now() < refund.approveAt) return scheduleApproval(order, refund);
      settle(order, refund, 'approve');
      track(() => notify(order));
    });
  }

  return {
    /** RefundRequest accepted: the refund waits, for the switch's delay or for a decision. */
    accept(order: SimOrder, request: Pick<SimRefund, 'amountCents' | 'username' | 'remarks'>): void {
      const at = now();
      const after = switches.refundApproveAfterSeconds;
      const refund: SimRefund = {
        ...request,
        at,
        status: 'pending',
        approveAt: after === null ? null : at + after * 1000,
        decidedAt: null,
      };
      order.refund = refund;
      scheduleApproval(order, refund);
    },

    /** The merchant's decision in Pesapal's dashboard, with its IPN. */
    async decide(trackingId: string, decision: RefundDecision): Promise<RefundDecisionResult> {
      const order = state.orders.get(trackingId);
      if (!order) return { ok: false, httpStatus: 404, message: 'Order not found.' };
      const refund = order.refund;
      if (!refund || !waiting(order, refund))
        return { ok: false, httpStatus: 409, message: 'This payment has no refund waiting for a decision.' };
      settle(order, refund, decision);
      await notify(order);
      return { ok: true, refund };
    },

    /** Approves every refund whose automatic approval is due on the simulator's clock (their IPNs follow). */
    approveDue(): number {
      let approved = 0;
      for (const order of state.orders.values()) {
        const refund = order.refund;
        if (!refund || !waiting(order, refund) || refund.approveAt === null || refund.approveAt > now()) continue;
        settle(order, refund, 'approve');
        track(() => notify(order));
        approved++;
      }
      return approved;
    },

    /** The refunds waiting for a decision, oldest first (the switches page). */
    waitingRefunds(): { order: SimOrder; refund: SimRefund }[] {
      return [...state.orders.values()]
        .flatMap((order) => (order.refund && waiting(order, order.refund) ? [{ order, refund: order.refund }] : []))
        .sort((a, b) => a.refund.at - b.refund.at);
    },
  };
}
