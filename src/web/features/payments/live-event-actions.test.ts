import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../lib/realtime';
import { liveEventActions } from './live-event-actions';

const payment = (status: string, oldStatus: string | null): LiveEvent => ({ kind: 'payment', orderId: 'o1', status, oldStatus });
const order = (status: string, oldStatus: string | null, reason?: string): LiveEvent => ({
  kind: 'order', orderId: 'o1', status, oldStatus, fulfilmentStatus: 'unfulfilled', ...(reason ? { reason } : {}),
});

describe('liveEventActions', () => {
  it.each([
    ['a payment completing', payment('COMPLETED', 'PENDING'), { clearCart: true, notice: 'completed', processing: false }],
    ['a payment attempt starting', payment('PENDING', null), { clearCart: false, notice: null, processing: true }],
    ['an attempt failing (maybe superseded)', payment('FAILED', 'PENDING'), { clearCart: false, notice: null, processing: false }],
    ['the order failing', order('failed', 'pending'), { clearCart: false, notice: 'failed', processing: false }],
    ['the order failing with its payment (a reason other than time)', order('failed', 'pending', 'Payment failed'), { clearCart: false, notice: 'failed', processing: false }],
    ['the order left unpaid for 30 minutes (refresh only)', order('failed', 'pending', 'Not paid within 30 minutes'), { clearCart: false, notice: null, processing: false }],
    ['a completed payment updated again (no status change)', payment('COMPLETED', 'COMPLETED'), { clearCart: false, notice: null, processing: false }],
    ['the order completing', order('completed', 'pending'), { clearCart: false, notice: null, processing: false }],
    ['the order placed', order('pending', null), { clearCart: false, notice: null, processing: false }],
    ['a delivery step (order status unchanged)', order('completed', 'completed'), { clearCart: false, notice: null, processing: false }],
    ['a refund', payment('REVERSED', 'COMPLETED'), { clearCart: false, notice: null, processing: false }],
  ])('%s', (_name, event, expected) => {
    expect(liveEventActions(event)).toEqual(expected);
  });
});
