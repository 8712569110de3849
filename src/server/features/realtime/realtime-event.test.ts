import { describe, expect, it } from 'vitest';
import { parseShopEvent, toBrowserEvent } from './realtime-event';

describe('parseShopEvent', () => {
  it('reads a payment notification as the trigger writes it', () => {
    const payload = JSON.stringify({
      kind: 'payment',
      id: 'tx-1',
      orderId: 'o-1',
      userId: 'u-1',
      status: 'COMPLETED',
      oldStatus: 'PENDING',
    });
    expect(parseShopEvent(payload)).toEqual({ kind: 'payment', orderId: 'o-1', userId: 'u-1', status: 'COMPLETED', oldStatus: 'PENDING' });
  });

  it('reads an inserted order (no old status) with its fulfilment status', () => {
    const payload = JSON.stringify({
      kind: 'order',
      id: 'o-1',
      orderId: 'o-1',
      userId: 'u-1',
      status: 'pending',
      oldStatus: null,
      fulfilmentStatus: 'unfulfilled',
    });
    expect(parseShopEvent(payload)).toEqual({
      kind: 'order',
      orderId: 'o-1',
      userId: 'u-1',
      status: 'pending',
      oldStatus: null,
      fulfilmentStatus: 'unfulfilled',
    });
  });

  it('reads the reason an order ended without a sale, and leaves it out when there is none', () => {
    const payload = (reason: string | null) =>
      JSON.stringify({
        kind: 'order',
        id: 'o-1',
        orderId: 'o-1',
        userId: 'u-1',
        status: 'failed',
        oldStatus: 'pending',
        fulfilmentStatus: 'unfulfilled',
        reason,
      });
    expect(parseShopEvent(payload('Not paid within 30 minutes'))).toEqual({
      kind: 'order',
      orderId: 'o-1',
      userId: 'u-1',
      status: 'failed',
      oldStatus: 'pending',
      fulfilmentStatus: 'unfulfilled',
      reason: 'Not paid within 30 minutes',
    });
    expect(parseShopEvent(payload(null))).not.toHaveProperty('reason');
  });

  it.each([
    ['not JSON', 'hello'],
    ['an unknown kind', JSON.stringify({ kind: 'product', orderId: 'o', userId: 'u', status: 'x' })],
    ['no owner (an order without a user)', JSON.stringify({ kind: 'payment', orderId: 'o', userId: null, status: 'PENDING' })],
    ['no order id', JSON.stringify({ kind: 'payment', userId: 'u', status: 'PENDING' })],
    ['an array', '[]'],
  ])('ignores %s', (_name, payload) => {
    expect(parseShopEvent(payload)).toBeNull();
  });
});

describe('toBrowserEvent', () => {
  it('drops the user id and keeps only what the browser shows', () => {
    const event = toBrowserEvent({
      kind: 'order',
      orderId: 'o-1',
      userId: 'u-1',
      status: 'completed',
      oldStatus: 'pending',
      fulfilmentStatus: 'processing',
    });
    expect(event).toEqual({ kind: 'order', orderId: 'o-1', status: 'completed', oldStatus: 'pending', fulfilmentStatus: 'processing' });
    expect(Object.keys(event)).not.toContain('userId');
  });

  it('keeps the reason an order ended without a sale', () => {
    const event = toBrowserEvent({
      kind: 'order',
      orderId: 'o-1',
      userId: 'u-1',
      status: 'failed',
      oldStatus: 'pending',
      reason: 'Not paid within 30 minutes',
    });
    expect(event).toEqual({ kind: 'order', orderId: 'o-1', status: 'failed', oldStatus: 'pending', reason: 'Not paid within 30 minutes' });
  });
});
