import { describe, expect, it } from 'vitest';
import { isSettled, orderDisplayState, type DisplayStateInput } from './order-display-state';

describe('isSettled (when order tracking stops polling)', () => {
  it.each([
    ['pending', 'PENDING', false],
    ['pending', null, false],
    ['processing', 'PENDING', false],
    ['completed', 'COMPLETED', true],
    ['failed', 'FAILED', true],
    ['pending', 'FAILED', true],
    ['cancelled', null, true],
    ['completed', null, true],
    // A retried order: the new attempt is pending, whatever the order said before.
    ['failed', 'PENDING', false],
    [null, null, false],
  ] as const)('order %s, payment %s → %s', (order, payment, expected) => {
    expect(isSettled(order, payment)).toBe(expected);
  });
});

describe('orderDisplayState', () => {
  const base: DisplayStateInput = { orderStatus: 'pending', paymentStatus: 'PENDING', checking: false, returnedFromPayment: false };
  it.each([
    ['a completed payment', { paymentStatus: 'COMPLETED', orderStatus: 'completed' }, 'completed'],
    ['a completed payment while a check runs', { paymentStatus: 'COMPLETED', checking: true }, 'completed'],
    ['a failed payment', { paymentStatus: 'FAILED', orderStatus: 'failed' }, 'failed'],
    ['a reversed payment', { paymentStatus: 'REVERSED' }, 'failed'],
    ['a cancelled order without payment', { paymentStatus: null, orderStatus: 'cancelled' }, 'failed'],
    ['a pending payment', {}, 'pending'],
    ['an order without a payment yet', { paymentStatus: null }, 'pending'],
    ['loading or a manual check', { checking: true }, 'checking'],
    ['back from Pesapal, still pending', { returnedFromPayment: true }, 'processing'],
    ['an order the shop marked processing', { orderStatus: 'processing' }, 'processing'],
    ['a new attempt on a failed order', { orderStatus: 'failed', paymentStatus: 'PENDING' }, 'pending'],
  ] as const)('%s → %s', (_name, over, expected) => {
    expect(orderDisplayState({ ...base, ...over })).toBe(expected);
  });
});
