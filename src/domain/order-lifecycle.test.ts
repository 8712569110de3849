import { describe, expect, it } from 'vitest';
import {
  canFulfil,
  FULFILMENT_EVENTS,
  fulfilmentEventFor,
  nextOrderStatus,
  ORDER_EVENTS,
  ORDER_STATUS_SHOWN,
  ORDER_TRANSITIONS,
  refundRestocks,
  refusedTransitionMessage,
  restockPutsBack,
} from './order-lifecycle';
import { FULFILMENT_STATUSES, ORDER_STATUSES, type OrderStatus } from './order-status';

describe('nextOrderStatus', () => {
  const allowed = new Set([
    'new placed→pending',
    'pending payment_started→pending',
    'failed payment_started→pending',
    'pending paid→completed',
    'failed paid→completed',
    'pending payment_failed→failed',
    'pending reservation_expired→failed',
    'failed reservation_expired→failed',
    'pending cancelled→cancelled',
    'completed refund_requested→refund_requested',
    'refund_requested refunded→cancelled',
    'cancelled refunded→cancelled',
    'refund_requested refund_rejected→completed',
    'completed payment_reversed→cancelled',
    'pending reversed_before_seen→cancelled',
  ]);
  const froms: (OrderStatus | null)[] = [null, ...ORDER_STATUSES];
  const pairs = froms.flatMap((from) => ORDER_EVENTS.map((event) => [from, event] as const));

  it.each(pairs)('%s + %s', (from, event) => {
    const to = nextOrderStatus(from, event);
    const key = `${from ?? 'new'} ${event}→${to}`;
    if (to === null) expect([...allowed].some((a) => a.startsWith(`${from ?? 'new'} ${event}→`))).toBe(false);
    else expect(allowed.has(key)).toBe(true);
  });

  it('allows exactly the fifteen transitions of the table', () => {
    expect(pairs.filter(([from, event]) => nextOrderStatus(from, event) !== null)).toHaveLength(allowed.size);
  });

  it('ends nothing that is paid except by a refund request or a reversal', () => {
    const fromCompleted = ORDER_EVENTS.filter((e) => nextOrderStatus('completed', e) !== null);
    expect(fromCompleted).toEqual(['refund_requested', 'payment_reversed']);
  });

  it('leaves a requested refund only when Pesapal refunds it or it is rejected, and touches no stock until then', () => {
    const fromRequested = ORDER_EVENTS.filter((e) => nextOrderStatus('refund_requested', e) !== null);
    expect(fromRequested).toEqual(['refunded', 'refund_rejected']);
    expect([ORDER_TRANSITIONS.refund_requested.stock, ORDER_TRANSITIONS.refund_rejected.stock]).toEqual(['none', 'none']);
    expect([ORDER_TRANSITIONS.refund_requested.tells, ORDER_TRANSITIONS.refund_rejected.tells]).toEqual([null, null]);
  });

  it('tells the customer of the paid, cancelled and refunded steps only', () => {
    expect(ORDER_EVENTS.filter((e) => ORDER_TRANSITIONS[e].tells !== null)).toEqual(['paid', 'cancelled', 'refunded']);
  });
});

describe('fulfilment', () => {
  it('moves only a completed order, forward, steps may be skipped', () => {
    expect(canFulfil('completed', 'unfulfilled', 'delivered')).toBe(true);
    expect(canFulfil('completed', 'processing', 'out_for_delivery')).toBe(true);
    expect(canFulfil('completed', 'delivered', 'out_for_delivery')).toBe(false);
    expect(canFulfil('completed', 'delivered', 'delivered')).toBe(false);
    for (const status of ['pending', 'failed', 'cancelled', 'refund_requested'] as const) {
      expect(canFulfil(status, 'unfulfilled', 'packing')).toBe(false);
    }
  });

  it('has one event for each step after unfulfilled', () => {
    expect(FULFILMENT_STATUSES.slice(1).map(fulfilmentEventFor)).toEqual([...FULFILMENT_EVENTS]);
    expect(() => fulfilmentEventFor('unfulfilled')).toThrow();
  });
});

describe('restocking', () => {
  it('puts goods back while they are in the shop, not once they left it', () => {
    expect(FULFILMENT_STATUSES.filter(restockPutsBack)).toEqual(['unfulfilled', 'processing']);
  });

  it("previews a refund's restock as the table's refund effect says", () => {
    expect(ORDER_TRANSITIONS.refunded.stock).toBe('restock');
    expect(FULFILMENT_STATUSES.filter(refundRestocks)).toEqual(['unfulfilled', 'processing']);
  });
});

describe('what people are shown', () => {
  it('names every status for the customer and the merchant', () => {
    for (const status of ORDER_STATUSES) {
      expect(ORDER_STATUS_SHOWN[status].customer).not.toBe('');
      expect(ORDER_STATUS_SHOWN[status].merchant).not.toBe('');
    }
  });

  it('says why a transition is refused', () => {
    expect(refusedTransitionMessage('cancelled', 'paid')).toBe('This order is cancelled, so it cannot be paid.');
    expect(refusedTransitionMessage('pending', 'out_for_delivery')).toBe('This order is pending, so it cannot be sent out for delivery.');
    expect(refusedTransitionMessage(null, 'refunded')).toBe('This order is new, so it cannot be refunded.');
    expect(refusedTransitionMessage('refund_requested', 'refund_requested')).toBe(
      'This order is waiting for its refund, so it cannot be sent to Pesapal for a refund.',
    );
  });
});
