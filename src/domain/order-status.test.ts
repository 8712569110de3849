import { describe, expect, it } from 'vitest';
import type { FulfilmentStatus, PaymentStatus } from './order-status';
import {
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  HISTORY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  badgeColor,
  canAdvanceFulfilment,
  canTransitionPayment,
  capitalize,
  isFulfilmentStatus,
  isHistoryStatus,
  isOrderStatus,
  isPaymentStatus,
  shortOrderId,
} from './order-status';

describe('status lists', () => {
  it('are the fixed order, payment, fulfilment and history statuses', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'confirmed', 'completed', 'failed', 'cancelled', 'refund_requested']);
    expect(PAYMENT_STATUSES).toEqual(['PENDING', 'COMPLETED', 'FAILED', 'REVERSED']);
    expect(FULFILMENT_STATUSES).toEqual(['unfulfilled', 'processing', 'out_for_delivery', 'ready_for_pickup', 'delivered']);
    expect(HISTORY_STATUSES).toEqual(['confirmed', 'completed', 'failed', 'cancelled', 'refund_requested']);
    expect(FULFILMENT_LABELS).toEqual({
      unfulfilled: 'Unfulfilled',
      processing: 'Processing',
      out_for_delivery: 'Out for delivery',
      ready_for_pickup: 'Ready for pick-up',
      delivered: 'Delivered',
    });
  });

  it.each<[unknown, boolean, boolean, boolean, boolean]>([
    // value, order, payment, fulfilment, history
    ['pending', true, false, false, false],
    // 'processing' is a fulfilment step only: no order is ever 'processing'.
    ['processing', false, false, true, false],
    ['completed', true, false, false, true],
    ['COMPLETED', false, true, false, false],
    ['out_for_delivery', false, false, true, false],
    ['Pending', false, false, false, false],
    [1, false, false, false, false],
  ])('%j guards', (value, order, payment, fulfilment, history) => {
    expect([isOrderStatus(value), isPaymentStatus(value), isFulfilmentStatus(value), isHistoryStatus(value)]).toEqual([
      order,
      payment,
      fulfilment,
      history,
    ]);
  });
});

describe('badgeColor', () => {
  it.each([
    ['completed', 'green'],
    ['processing', 'blue'],
    ['cancelled', 'red'],
    ['refund_requested', 'red'],
    ['pending', 'grey'],
    ['failed', 'grey'],
    ['COMPLETED', 'grey'],
    ['', 'grey'],
  ])('%s → %s', (status, colour) => {
    expect(badgeColor(status)).toBe(colour);
  });
});

describe('capitalize / shortOrderId', () => {
  it.each([
    ['pending', 'Pending'],
    ['completed', 'Completed'],
    ['a', 'A'],
    ['', ''],
    ['Already', 'Already'],
  ])('capitalize(%j) → %j', (input, expected) => {
    expect(capitalize(input)).toBe(expected);
  });

  it.each([
    ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', '3f2504e0'],
    ['abc', 'abc'],
    ['', ''],
  ])('shortOrderId(%j) → %j', (id, expected) => {
    expect(shortOrderId(id)).toBe(expected);
  });
});

describe('canTransitionPayment', () => {
  // FAILED → COMPLETED: a declined card retried on the same Pesapal page.
  const allowed = new Set(['PENDING→COMPLETED', 'PENDING→FAILED', 'COMPLETED→REVERSED', 'FAILED→COMPLETED']);
  const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as [PaymentStatus, PaymentStatus]));

  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransitionPayment(from, to)).toBe(allowed.has(`${from}→${to}`));
  });

  it('allows exactly four transitions', () => {
    expect(pairs.filter(([from, to]) => canTransitionPayment(from, to))).toHaveLength(4);
  });
});

describe('canAdvanceFulfilment', () => {
  it.each<[FulfilmentStatus, FulfilmentStatus, boolean]>([
    ['unfulfilled', 'processing', true],
    ['unfulfilled', 'delivered', true],
    ['processing', 'out_for_delivery', true],
    ['out_for_delivery', 'delivered', true],
    ['processing', 'processing', false],
    ['delivered', 'delivered', false],
    ['delivered', 'out_for_delivery', false],
    ['out_for_delivery', 'unfulfilled', false],
    ['processing', 'ready_for_pickup', false],
    ['out_for_delivery', 'ready_for_pickup', false],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(canAdvanceFulfilment(from, to)).toBe(expected);
  });

  it.each<[FulfilmentStatus, FulfilmentStatus, boolean]>([
    ['processing', 'ready_for_pickup', true],
    ['ready_for_pickup', 'delivered', true],
    ['unfulfilled', 'delivered', true],
    ['processing', 'out_for_delivery', false],
    ['ready_for_pickup', 'processing', false],
  ])('a pick-up order: %s → %s: %s', (from, to, expected) => {
    expect(canAdvanceFulfilment(from, to, 'pickup')).toBe(expected);
  });
});
