import { describe, expect, it } from 'vitest';
import { orderProgress, progressSteps } from './order-progress';

describe('where an order is, for the customer', () => {
  it('walks a paid order through its four steps', () => {
    const step = (fulfilmentStatus: 'unfulfilled' | 'processing' | 'out_for_delivery' | 'delivered') => {
      const p = orderProgress({ status: 'completed', fulfilmentStatus, refunds: ['none'] });
      return p?.kind === 'steps' ? progressSteps()[p.current] : p;
    };
    expect(step('unfulfilled')).toBe('Paid');
    expect(step('processing')).toBe('Being prepared');
    expect(step('out_for_delivery')).toBe('Out for delivery');
    expect(step('delivered')).toBe('Delivered');
  });

  it('walks a pick-up order to Ready for pick-up and Collected', () => {
    const step = (fulfilmentStatus: 'unfulfilled' | 'processing' | 'ready_for_pickup' | 'delivered') => {
      const p = orderProgress({ status: 'completed', fulfilmentStatus, fulfilmentMethod: 'pickup', refunds: ['none'] });
      return p?.kind === 'steps' ? progressSteps('pickup')[p.current] : p;
    };
    expect(step('unfulfilled')).toBe('Paid');
    expect(step('processing')).toBe('Being prepared');
    expect(step('ready_for_pickup')).toBe('Ready for pick-up');
    expect(step('delivered')).toBe('Collected');
  });

  it('says nothing before the order is paid: the payment badge does', () => {
    expect(orderProgress({ status: 'pending', fulfilmentStatus: 'unfulfilled', refunds: [] })).toBeNull();
    expect(orderProgress({ status: 'failed', fulfilmentStatus: 'unfulfilled', refunds: [] })).toBeNull();
  });

  it('names a refund as requested until Pesapal confirms it, then refunded', () => {
    const ended = (refunds: ('none' | 'requested' | 'refunded')[]) =>
      orderProgress({ status: 'cancelled', fulfilmentStatus: 'delivered', refunds });
    expect(ended([])).toEqual({ kind: 'ended', label: 'Cancelled' });
    expect(ended(['none'])).toEqual({ kind: 'ended', label: 'Cancelled' });
    expect(ended(['requested'])).toEqual({ kind: 'ended', label: 'Refund requested' });
    expect(ended(['refunded'])).toEqual({ kind: 'ended', label: 'Refunded' });
    // Two payments, one back already and one on its way: the customer still waits for money.
    expect(ended(['refunded', 'requested'])).toEqual({ kind: 'ended', label: 'Refund requested' });
  });

  it('shows an order sent for a refund as refund requested, not as its delivery steps', () => {
    const requested = orderProgress({ status: 'refund_requested', fulfilmentStatus: 'processing', refunds: ['requested'] });
    expect(requested).toEqual({ kind: 'ended', label: 'Refund requested' });
  });
});

describe('an order to pay on delivery', () => {
  it('walks its steps from Pay on delivery until the rider takes the money', () => {
    expect(orderProgress({ status: 'confirmed', fulfilmentStatus: 'out_for_delivery', refunds: [] })).toEqual({
      kind: 'steps',
      current: 2,
    });
    expect(progressSteps('delivery', 'confirmed')).toEqual(['Pay on delivery', 'Being prepared', 'Out for delivery', 'Delivered']);
    expect(progressSteps('delivery', 'completed')[0]).toBe('Paid');
  });
});
