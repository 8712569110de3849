// 'Refund was rejected': Pesapal gives no sign the shop can rely on when a refund is rejected in its
// dashboard, so the merchant who saw it says so. The order is paid again (or the extra payment stays
// with the shop) and nothing is declared to KRA; the shop first asks Pesapal that it was not made.
import { refundRejectedSchema } from '@/domain/back-office-forms';
import { formatKES } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { adminApi } from '../admin-api';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';

export function RefundRejected({ orderId, refund }: { orderId: string; refund: { id: string; amountCents: number } }) {
  const run = useAdminAction();
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" size="sm">
          Refund was rejected
        </Button>
      }
      title={`Was the refund of ${formatKES(refund.amountCents)} rejected?`}
      description="Only when Pesapal's dashboard shows this refund rejected: the money stays with the shop, an order cancelled for it is paid again, and no credit note goes to KRA. The shop first asks Pesapal that the refund was not made."
      confirmLabel="Refund was rejected"
      field="note"
      schema={refundRejectedSchema}
      id={`refund-rejected-${refund.id}`}
      label="What does Pesapal's dashboard say?"
      onSubmit={(note) =>
        run(
          () => adminApi.markRefundRejected(orderId, refund.id, note),
          ({ orderStatus }) =>
            orderStatus === 'completed' ? 'Refund marked rejected. The order is paid again.' : 'Refund marked rejected.',
          'The refund could not be marked rejected. Please try again.',
        )
      }
    />
  );
}
