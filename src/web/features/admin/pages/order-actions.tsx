// What the merchant can do with an order: move fulfilment forward, check the payment at Pesapal,
// and cancel (release the reservation, or refund a paid order) after confirming with a reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { cancelOrderSchema } from '../../../../domain/back-office-forms';
import { formatKES } from '../../../../domain/money';
import { FULFILMENT_LABELS } from '../../../../domain/order-status';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { adminApi, type AdminOrderDetail } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextArea } from '../components/form-field';
import { useAdminAction } from '../hooks/use-admin-action';

export function OrderActions({ detail }: { detail: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const run = useAdminAction();
  const id = detail.order.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const fulfil = useMutation({
    mutationFn: (status: string) => adminApi.advanceFulfilment(id, status),
    onSuccess: async ({ fulfilmentStatus }) => {
      toast.success(`Order marked ${FULFILMENT_LABELS[fulfilmentStatus as keyof typeof FULFILMENT_LABELS].toLowerCase()}.`);
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err, 'The order could not be updated. Please try again.')),
  });
  const check = useMutation({
    mutationFn: () => adminApi.checkPayment(id),
    onSuccess: async (r) => {
      if (r.error) toast.error(r.error);
      else if (r.changed > 0) toast.success('Payment status updated from Pesapal.');
      else toast.info(r.checked === 0 ? 'There is no open payment to check.' : 'Payment status is already up to date.');
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err, 'Pesapal could not be reached. Please try again.')),
  });

  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const cancel = async () => {
    const parsed = cancelOrderSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return false;
    }
    const done = await run(
      () => adminApi.cancelOrder(id, parsed.data.reason),
      (outcome) => (outcome.kind === 'refunded' ? `Order cancelled. Refund requested: ${outcome.refundMessage}` : 'Order cancelled and its stock released.'),
      'The order could not be cancelled. Please try again.',
    );
    if (done) setReason('');
    return done;
  };

  const { fulfilmentSteps, cancel: cancelMode } = detail.actions;
  const hasOpenPayment = detail.payments.some((p) => p.status === 'PENDING' || p.status === 'COMPLETED');
  return (
    <div className="flex flex-wrap gap-2">
      {fulfilmentSteps.map((step) => (
        <Button key={step} variant={step === fulfilmentSteps[0] ? 'default' : 'outline'} disabled={fulfil.isPending} onClick={() => fulfil.mutate(step)}>
          Mark {FULFILMENT_LABELS[step].toLowerCase()}
        </Button>
      ))}
      {hasOpenPayment && (
        <Button variant="outline" disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Checking…' : 'Check payment status now'}
        </Button>
      )}
      {cancelMode && (
        <ConfirmDialog
          trigger={<Button variant="destructive">{cancelMode === 'refund' ? 'Cancel and refund' : 'Cancel order'}</Button>}
          title={cancelMode === 'refund' ? 'Cancel this paid order and refund it?' : 'Cancel this order?'}
          description={
            cancelMode === 'refund'
              ? `A refund of ${formatKES(detail.order.totalCents)} is requested from Pesapal and the items go back into stock. This cannot be undone.`
              : 'The reserved items go back into stock and the payment page is closed at Pesapal. This cannot be undone.'
          }
          confirmLabel={cancelMode === 'refund' ? 'Cancel and refund' : 'Cancel order'}
          onConfirm={cancel}
        >
          <TextArea
            id="cancel-reason"
            label="Reason"
            rows={3}
            value={reason}
            error={reasonError}
            hint={cancelMode === 'refund' ? 'Sent to Pesapal with the refund request.' : undefined}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(undefined);
            }}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
