import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../lib/realtime';
import { liveEventActions } from './live-event-actions';

const payment = (status: string, oldStatus: string | null): LiveEvent => ({ kind: 'payment', orderId: 'o1', status, oldStatus });
const order = (status: string, oldStatus: string | null, reason?: string): LiveEvent => ({
  kind: 'order',
  orderId: 'o1',
  status,
  oldStatus,
  fulfilmentStatus: 'unfulfilled',
  ...(reason ? { reason } : {}),
});

describe('liveEventActions', () => {
  it.each([
    ['a payment completing', payment('COMPLETED', 'PENDING'), { outcome: 'paid', attemptStarted: false }],
    ['a payment attempt starting', payment('PENDING', null), { outcome: null, attemptStarted: true }],
    ['an attempt failing (maybe superseded)', payment('FAILED', 'PENDING'), { outcome: null, attemptStarted: false }],
    ['the order failing', order('failed', 'pending'), { outcome: 'failed', attemptStarted: false }],
    [
      'the order failing with its payment (a reason other than time)',
      order('failed', 'pending', 'Payment failed'),
      { outcome: 'failed', attemptStarted: false },
    ],
    [
      'the order left unpaid for 30 minutes (refresh only)',
      order('failed', 'pending', 'Not paid within 30 minutes'),
      { outcome: null, attemptStarted: false },
    ],
    ['a completed payment updated again (no status change)', payment('COMPLETED', 'COMPLETED'), { outcome: null, attemptStarted: false }],
    ['the order completing', order('completed', 'pending'), { outcome: null, attemptStarted: false }],
    ['the order placed', order('pending', null), { outcome: null, attemptStarted: false }],
    ['a delivery step (order status unchanged)', order('completed', 'completed'), { outcome: null, attemptStarted: false }],
    ['a refund', payment('REVERSED', 'COMPLETED'), { outcome: null, attemptStarted: false }],
  ])('%s', (_name, event, expected) => {
    expect(liveEventActions(event)).toEqual(expected);
  });
});
