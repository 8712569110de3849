// What a manual status check tells the customer: catalogue keys (the payments area's), said in the
// page's language where the notice is shown.
import type { PaymentsKey } from '@/web/i18n/payments-text';
import type { SyncResult } from './payment-api';

export interface SyncFeedback {
  tone: 'success' | 'info' | 'error';
  title: PaymentsKey;
  description: PaymentsKey;
  /** The description's values ('{count} payments synced.'). */
  values?: Record<string, number>;
}

export const SYNC_FAILED: SyncFeedback = {
  tone: 'error',
  title: 'syncFailedTitle',
  description: 'syncFailed',
};

export function syncFeedback(results: readonly SyncResult[]): SyncFeedback {
  if (results.length > 0 && results.every((r) => r.error)) return SYNC_FAILED;
  const updated = results.filter((r) => r.updated && !r.error).length;
  if (updated > 0) {
    return { tone: 'success', title: 'statusUpdatedTitle', description: 'paymentsSynced', values: { count: updated } };
  }
  return {
    tone: 'info',
    title: 'statusCheckCompleteTitle',
    description: results.length > 1 ? 'allPaymentsUpToDate' : 'paymentUpToDate',
  };
}
