// What a manual status check tells the customer.
import type { SyncResult } from './payment-api';

export interface SyncFeedback {
  tone: 'success' | 'info' | 'error';
  title: string;
  description: string;
}

export const SYNC_FAILED: SyncFeedback = {
  tone: 'error',
  title: 'Sync Failed',
  description: 'Failed to sync payment status. Please try again.',
};

export function syncFeedback(results: readonly SyncResult[]): SyncFeedback {
  if (results.length > 0 && results.every((r) => r.error)) return SYNC_FAILED;
  const updated = results.filter((r) => r.updated && !r.error).length;
  if (updated > 0) {
    return {
      tone: 'success',
      title: 'Payment Status Updated',
      description: `${updated} payment${updated === 1 ? '' : 's'} synced.`,
    };
  }
  return {
    tone: 'info',
    title: 'Status Check Complete',
    description: results.length > 1 ? 'All payments are already up to date.' : 'Payment status is already up to date.',
  };
}
