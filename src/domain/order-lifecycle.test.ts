import { describe, expect, it } from 'vitest';
import {
  canFulfil,
  FULFILMENT_EVENTS,
  FULFILMENT_TRANSITIONS,
  fulfilmentEventFor,
  nextOrderStatus,
  ORDER_EVENTS,
  ORDER_STATUS_SHOWN,
  ORDER_TRANSITIONS,
  refundRestocks,
  refusedTransitionMessage,
  restockPutsBack,
} from './order-lifecycle';
import { FULFILMENT_STATUSES, ORDER_STATUSES, type FulfilmentStatus, type OrderStatus } from './order-status';

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
    'pending confirmed_unpaid→confirmed',
    'confirmed paid_on_delivery→completed',
    'confirmed cancelled_unpaid→cancelled',
  ]);
  const froms: (OrderStatus | null)[] = [null, ...ORDER_STATUSES];
  const pairs = froms.flatMap((from) => ORDER_EVENTS.map((event) => [from, event] as const));

  it.each(pairs)('%s + %s', (from, event) => {
    const to = nextOrderStatus(from, event);
    const key = `${from ?? 'new'} ${event}→${to}`;
    if (to === null) expect([...allowed].some((a) => a.startsWith(`${from ?? 'new'} ${event}→`))).toBe(false);
    else expect(allowed.has(key)).toBe(true);
  });

  it('allows exactly the eighteen transitions of the table', () => {
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

  it('tells the customer of the paid, cancelled, refunded and pay-on-delivery steps only', () => {
    expect(ORDER_EVENTS.filter((e) => ORDER_TRANSITIONS[e].tells !== null)).toEqual([
      'paid',
      'cancelled',
      'refunded',
      'confirmed_unpaid',
      'paid_on_delivery',
      'cancelled_unpaid',
    ]);
  });

  it('confirms an order to pay on delivery with its stock, takes its payment without selling twice, and returns refused goods', () => {
    expect(ORDER_TRANSITIONS.confirmed_unpaid).toMatchObject({ to: 'confirmed', stock: 'sell', tells: 'confirmed' });
    expect(ORDER_TRANSITIONS.paid_on_delivery).toMatchObject({ to: 'completed', stock: 'none', tells: 'paid' });
    expect(ORDER_TRANSITIONS.cancelled_unpaid).toMatchObject({ to: 'cancelled', stock: 'return', tells: 'cancelled' });
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

  it('packs and sends out an order to pay on delivery, but hands it over only once paid', () => {
    expect(canFulfil('confirmed', 'unfulfilled', 'packing')).toBe(true);
    expect(canFulfil('confirmed', 'processing', 'out_for_delivery')).toBe(true);
    expect(canFulfil('confirmed', 'out_for_delivery', 'delivered')).toBe(false);
    expect(canFulfil('completed', 'out_for_delivery', 'delivered')).toBe(true);
  });

  it('has one forward event for each step after unfulfilled, per way of getting the order', () => {
    expect(['processing', 'out_for_delivery', 'delivered'].map((s) => fulfilmentEventFor(s as FulfilmentStatus))).toEqual([
      'packing',
      'out_for_delivery',
      'delivered',
    ]);
    expect(['processing', 'ready_for_pickup', 'delivered'].map((s) => fulfilmentEventFor(s as FulfilmentStatus, 'pickup'))).toEqual([
      'packing',
      'ready_for_pickup',
      'collected',
    ]);
    expect(() => fulfilmentEventFor('unfulfilled')).toThrow();
    expect(() => fulfilmentEventFor('ready_for_pickup')).toThrow();
    expect(() => fulfilmentEventFor('out_for_delivery', 'pickup')).toThrow();
  });

  it('keeps a pick-up order off the road and a delivered order off the counter', () => {
    const pickup = { method: 'pickup' } as const;
    expect(canFulfil('completed', 'unfulfilled', 'ready_for_pickup', pickup)).toBe(true);
    expect(canFulfil('completed', 'processing', 'ready_for_pickup', pickup)).toBe(true);
    expect(canFulfil('completed', 'ready_for_pickup', 'collected', pickup)).toBe(true);
    expect(canFulfil('completed', 'ready_for_pickup', 'ready_for_pickup', pickup)).toBe(false);
    expect(canFulfil('completed', 'delivered', 'collected', pickup)).toBe(false);
    expect(canFulfil('completed', 'processing', 'out_for_delivery', pickup)).toBe(false);
    expect(canFulfil('completed', 'processing', 'delivered', pickup)).toBe(false);
    expect(canFulfil('completed', 'processing', 'ready_for_pickup')).toBe(false);
    expect(canFulfil('completed', 'processing', 'collected')).toBe(false);
    expect(canFulfil('pending', 'unfulfilled', 'ready_for_pickup', pickup)).toBe(false);
    expect(FULFILMENT_TRANSITIONS.collected.to).toBe('delivered');
  });

  it('steps back from out for delivery only after a failed delivery, and only for a delivered order', () => {
    const failed = { deliveryFailed: true } as const;
    expect(canFulfil('completed', 'out_for_delivery', 'delivery_rescheduled', failed)).toBe(true);
    expect(FULFILMENT_TRANSITIONS.delivery_rescheduled.to).toBe('processing');
    // Not without the failure, not from any other step, not for a pick-up, not unpaid.
    expect(canFulfil('completed', 'out_for_delivery', 'delivery_rescheduled')).toBe(false);
    for (const from of FULFILMENT_STATUSES.filter((s) => s !== 'out_for_delivery')) {
      expect(canFulfil('completed', from, 'delivery_rescheduled', failed)).toBe(false);
    }
    expect(canFulfil('completed', 'out_for_delivery', 'delivery_rescheduled', { ...failed, method: 'pickup' })).toBe(false);
    expect(canFulfil('refund_requested', 'out_for_delivery', 'delivery_rescheduled', failed)).toBe(false);
    // Back to waiting, the order may go out again (and is told again).
    expect(canFulfil('completed', FULFILMENT_TRANSITIONS.delivery_rescheduled.to, 'out_for_delivery')).toBe(true);
    expect(FULFILMENT_TRANSITIONS.out_for_delivery.tells).toBe('out_for_delivery');
  });

  it('has no other step back', () => {
    const back = FULFILMENT_EVENTS.filter((e) => FULFILMENT_TRANSITIONS[e].back);
    expect(back).toEqual(['delivery_rescheduled']);
    for (const event of FULFILMENT_EVENTS.filter((e) => !FULFILMENT_TRANSITIONS[e].back)) {
      for (const method of ['delivery', 'pickup'] as const) {
        expect(canFulfil('completed', 'delivered', event, { method, deliveryFailed: true })).toBe(false);
      }
    }
  });
});

describe('restocking', () => {
  it('puts goods back while they are in the shop, not once they left it', () => {
    // Goods waiting at the counter for their customer are still in the shop.
    expect(FULFILMENT_STATUSES.filter(restockPutsBack)).toEqual(['unfulfilled', 'processing', 'ready_for_pickup']);
  });

  it("previews a refund's restock as the table's refund effect says", () => {
    expect(ORDER_TRANSITIONS.refunded.stock).toBe('restock');
    expect(FULFILMENT_STATUSES.filter(refundRestocks)).toEqual(['unfulfilled', 'processing', 'ready_for_pickup']);
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
