import { describe, expect, it } from 'vitest';
import type { SyncResult } from './payment-api';
import { paymentsText } from '@/web/i18n/payments-text';
import { syncFeedback, type SyncFeedback } from './sync-feedback';

/** The notice as the English catalogue says it. */
const inEnglish = (f: SyncFeedback) => ({ tone: f.tone, title: paymentsText(f.title), description: paymentsText(f.description, f.values) });

const result = (over: Partial<SyncResult> = {}): SyncResult => ({
  orderId: 'o1',
  updated: false,
  newStatus: 'PENDING',
  error: null,
  ...over,
});

describe('syncFeedback', () => {
  it.each([
    ['one order updated', [result({ updated: true, newStatus: 'COMPLETED' })], 'success', 'Payment Status Updated', '1 payment synced.'],
    [
      'two of three updated',
      [result({ updated: true }), result({ updated: true }), result()],
      'success',
      'Payment Status Updated',
      '2 payments synced.',
    ],
    ['one order unchanged', [result()], 'info', 'Status Check Complete', 'Payment status is already up to date.'],
    ['several unchanged', [result(), result()], 'info', 'Status Check Complete', 'All payments are already up to date.'],
    ['nothing to check', [], 'info', 'Status Check Complete', 'Payment status is already up to date.'],
    [
      'every check failed',
      [result({ error: 'Pesapal is unreachable' })],
      'error',
      'Sync Failed',
      'Failed to sync payment status. Please try again.',
    ],
    [
      'one failed, one unchanged',
      [result({ error: 'x' }), result()],
      'info',
      'Status Check Complete',
      'All payments are already up to date.',
    ],
  ] as const)('%s', (_name, results, tone, title, description) => {
    expect(inEnglish(syncFeedback(results))).toEqual({ tone, title, description });
  });
});
