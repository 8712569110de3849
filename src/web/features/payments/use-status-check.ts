// The manual status check ('Check Payment Status', 'Check status'): ask the server to sync with
// Pesapal now, tell the customer what came of it, and refetch what the screen shows.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '../../lib/toast';
import { paymentsText } from '../../i18n/payments-text';
import { orderKeys } from '../orders/order-api';
import { syncPayments } from './payment-api';
import { SYNC_FAILED, syncFeedback, type SyncFeedback } from './sync-feedback';

function show(feedback: SyncFeedback): void {
  const show = feedback.tone === 'success' ? toast.success : feedback.tone === 'error' ? toast.error : toast.info;
  show(paymentsText(feedback.title), { description: paymentsText(feedback.description, feedback.values) });
}

export function useStatusCheck() {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const check = useCallback(
    async (orderIds: string[]) => {
      setChecking(true);
      try {
        const { results } = await syncPayments(orderIds);
        show(syncFeedback(results));
      } catch {
        show(SYNC_FAILED);
      } finally {
        setChecking(false);
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }
    },
    [queryClient],
  );
  return { check, checking };
}
