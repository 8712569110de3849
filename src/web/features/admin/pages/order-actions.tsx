// What the merchant can do with an order: move fulfilment forward, check the payment at Pesapal,
// and cancel (release the reservation, or refund a paid order) after confirming with a reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { cancelOrderSchema } from '@/domain/back-office-forms';
import { formatKES } from '@/domain/money';
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@/domain/order-status';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { adminApi, type AdminOrderDetail, type FulfilmentStep } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';

type CancelOutcome = Awaited<ReturnType<typeof adminApi.cancelOrder>>;

/** Steps that cannot be taken back, with what the merchant must know before taking them. */
const FINAL_STEPS: Partial<Record<FulfilmentStatus, string>> = {
  out_for_delivery:
    'The customer sees at once that the order is on its way. This cannot be undone: an order only moves forward, and once it has left the shop a refund no longer puts its items back into stock.',
  delivered:
    'The customer sees at once that the order was delivered. This is the last step and cannot be undone; a refund after it does not put the items back into stock.',
};

function cancelledMessage(outcome: CancelOutcome, totalCents: number): string {
  // Pesapal will not refund the rest of a partly refunded order: the owner sends it by M-Pesa.
  if (outcome.kind === 'manual_needed') return `Order cancelled. ${outcome.refundMessage}`;
  if (outcome.kind === 'released') {
    return outcome.paymentInFlight
      ? 'Order being cancelled and its stock released. A payment was still in progress at Pesapal: the customer is told once it ends, and if it is paid the order is flagged for a refund.'
      : 'Order cancelled and its stock released.';
  }
  // Pesapal moves the money once the refund is approved in its dashboard (M-Pesa once it has
  // reversed the payment); the stock follows then.
  const mpesa = outcome.by === 'mpesa';
  const restocks = outcome.kind === 'refunded' ? outcome.restocked : outcome.restocksWhenRefunded;
  const when = outcome.kind === 'refund_requested' ? (mpesa ? ' once M-Pesa reverses the payment' : ' once Pesapal returns the money') : '';
  const stock = restocks ? (when ? ` The items go back into stock${when}.` : '') : ' Stock was not changed: the goods had left the shop.';
  // Our own sentence: Pesapal's message ('Refund request successfully') is kept on the refund's record.
  const asked = !mpesa
    ? 'was requested from Pesapal'
    : outcome.kind === 'refunded'
      ? 'has been reversed by M-Pesa'
      : 'was asked of M-Pesa as a reversal of the payment';
  return `Order cancelled. A refund of ${formatKES(totalCents)} ${asked}.${stock}`;
}

/** What a refund of the order gives back now: all of it, or what partial refunds left. */
const refundLeft = (detail: AdminOrderDetail) => (detail.refunds.length > 0 ? detail.refunding.paymentLeftCents : detail.order.totalCents);

/** What the confirmation says happens: a refund, and whether the goods go back into stock. */
function cancelDescription(detail: AdminOrderDetail): string {
  const { cancel, restockOnRefund } = detail.actions;
  if (detail.order.status === 'confirmed')
    return 'Nothing was paid: the items go back into stock and the rider is told not to deliver it. This cannot be undone.';
  if (cancel !== 'refund') return 'The reserved items go back into stock and the payment page is closed at Pesapal. This cannot be undone.';
  const rest = detail.refunds.some((r) => r.kind === 'partial' && r.status === 'refunded')
    ? ' (what is left after the partial refunds)'
    : '';
  const paidBy = detail.payments.find((p) => p.settlesOrder)?.provider ?? 'pesapal';
  const from =
    paidBy === 'pesapal'
      ? 'requested from Pesapal'
      : paidBy === 'mpesa'
        ? 'asked of M-Pesa (or left to you to send)'
        : 'left to you to send by M-Pesa';
  const refund = `A refund of ${formatKES(refundLeft(detail))}${rest} is ${from}`;
  if (restockOnRefund) return `${refund} and the items go back into stock. This cannot be undone.`;
  const where = FULFILMENT_LABELS[detail.order.fulfilmentStatus].toLowerCase();
  return `${refund}. The order is ${where}, so its items are not put back into stock: adjust stock by hand if they come back. This cannot be undone.`;
}

export function OrderActions({ detail }: { detail: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const run = useAdminAction();
  const id = detail.order.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const fulfil = useMutation({
    mutationFn: (status: FulfilmentStep) => adminApi.advanceFulfilment(id, status),
    onSuccess: async ({ fulfilmentStatus }) => {
      toast.success(`Order marked ${FULFILMENT_LABELS[fulfilmentStatus].toLowerCase()}.`);
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

  const { fulfilmentSteps, cancel: cancelMode } = detail.actions;
  const hasOpenPayment = detail.payments.some((p) => p.status === 'PENDING' || p.status === 'COMPLETED');
  return (
    <div className="flex flex-wrap gap-2">
      {fulfilmentSteps.map((step) => {
        const label = `Mark ${FULFILMENT_LABELS[step].toLowerCase()}`;
        const consequence = FINAL_STEPS[step];
        const button = (
          <Button
            key={step}
            variant={step === fulfilmentSteps[0] ? 'default' : 'outline'}
            disabled={fulfil.isPending}
            onClick={consequence ? undefined : () => fulfil.mutate(step)}
          >
            {label}
          </Button>
        );
        if (!consequence) return button;
        // The goods leave the shop: the customer sees it at once and the order cannot move back.
        return (
          <ConfirmDialog
            key={step}
            trigger={button}
            title={`${label}?`}
            description={consequence}
            confirmLabel={label}
            confirmVariant="default"
            cancelLabel="Not yet"
            onConfirm={async () =>
              await fulfil.mutateAsync(step).then(
                () => true,
                () => false,
              )
            }
          />
        );
      })}
      {hasOpenPayment && (
        <Button variant="outline" disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Checking…' : 'Check payment status now'}
        </Button>
      )}
      {cancelMode && (
        <ReasonDialog
          trigger={<Button variant="destructive">{cancelMode === 'refund' ? 'Cancel and refund' : 'Cancel order'}</Button>}
          title={cancelMode === 'refund' ? 'Cancel this paid order and refund it?' : 'Cancel this order?'}
          description={cancelDescription(detail)}
          confirmLabel={cancelMode === 'refund' ? 'Cancel and refund' : 'Cancel order'}
          field="reason"
          schema={cancelOrderSchema}
          id="cancel-reason"
          label="Reason"
          hint={cancelMode === 'refund' ? 'Sent to Pesapal with the refund request.' : undefined}
          onSubmit={(reason) =>
            run(
              () => adminApi.cancelOrder(id, reason),
              (outcome) => cancelledMessage(outcome, refundLeft(detail)),
              'The order could not be cancelled. Please try again.',
            )
          }
        />
      )}
    </div>
  );
}
