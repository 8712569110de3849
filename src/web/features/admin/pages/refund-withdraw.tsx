// 'Withdraw this refund': the owner decides not to pay a refund Pesapal would not make and that waits
// to be sent by M-Pesa by hand. No money moves, no credit note goes to KRA, the order's flag to refund
// it goes, and a whole refund the order waited for leaves it paid again.
import { refundWithdrawnSchema } from '@/domain/back-office-forms';
import { formatKES } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { adminApi } from '../admin-api';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';

export function WithdrawRefund({ orderId, refund }: { orderId: string; refund: { id: string; amountCents: number } }) {
  const run = useAdminAction();
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" size="sm">
          Withdraw this refund
        </Button>
      }
      title={`Withdraw the refund of ${formatKES(refund.amountCents)}?`}
      description="Only when the shop will not send this money: nothing is sent, it is not counted as refunded, no credit note goes to KRA, and the order is no longer flagged for it. The customer is not told: tell them yourself."
      confirmLabel="Withdraw this refund"
      confirmVariant="destructive"
      cancelLabel="Keep it"
      field="reason"
      schema={refundWithdrawnSchema}
      id={`refund-withdraw-${refund.id}`}
      label="Why will it not be paid?"
      onSubmit={(reason) =>
        run(
          () => adminApi.withdrawRefund(orderId, refund.id, reason),
          (r) => r.message,
          'The refund could not be withdrawn. Please try again.',
        )
      }
    />
  );
}
