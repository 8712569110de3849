import { describe, expect, it } from 'vitest';
import { parseStaffEvent, staffNotice } from './staff-notice';

const ORDER = '7e3cf616-0000-4000-8000-000000000000';
const event = (status: string, oldStatus: string | null, needsAttention = false) =>
  ({ kind: 'order', orderId: ORDER, status, oldStatus, needsAttention }) as const;

describe('staffNotice', () => {
  it('announces a newly paid order, a paid order taken back and an order flagged for the merchant', () => {
    expect(staffNotice(event('completed', 'pending'))).toEqual({ text: 'New paid order #7e3cf616.', tone: 'good' });
    expect(staffNotice(event('completed', 'failed', true))).toEqual({
      text: 'New paid order #7e3cf616. It needs your attention.',
      tone: 'bad',
    });
    expect(staffNotice(event('cancelled', 'completed'))).toEqual({
      text: 'The payment of order #7e3cf616 was reversed at Pesapal.',
      tone: 'bad',
    });
    // A refund ends when Pesapal reverses the payment, or is rejected and the order is paid again.
    expect(staffNotice(event('cancelled', 'refund_requested'))).toEqual({ text: 'Order #7e3cf616 was refunded by Pesapal.', tone: 'bad' });
    expect(staffNotice(event('completed', 'refund_requested', true))).toEqual({
      text: 'The refund of order #7e3cf616 was rejected: it is paid again.',
      tone: 'bad',
    });
    expect(staffNotice(event('completed', 'completed', true))).toEqual({ text: 'Order #7e3cf616 needs your attention.', tone: 'bad' });
  });

  it('stays quiet about the rest (new, failed and unpaid orders, fulfilment steps)', () => {
    expect(staffNotice(event('pending', null))).toBeNull();
    expect(staffNotice(event('failed', 'pending'))).toBeNull();
    expect(staffNotice(event('completed', 'completed'))).toBeNull();
    // Sending an order for a refund is the merchant's own act.
    expect(staffNotice(event('refund_requested', 'completed'))).toBeNull();
  });
});

describe('parseStaffEvent', () => {
  it('reads an order event and refuses anything else', () => {
    expect(parseStaffEvent(JSON.stringify({ ...event('completed', 'pending', true), fulfilmentStatus: 'unfulfilled' }))).toEqual({
      ...event('completed', 'pending', true),
      fulfilmentStatus: 'unfulfilled',
    });
    expect(parseStaffEvent(JSON.stringify({ kind: 'payment', orderId: ORDER, status: 'COMPLETED' }))).toBeNull();
    expect(parseStaffEvent('not json')).toBeNull();
  });
});
