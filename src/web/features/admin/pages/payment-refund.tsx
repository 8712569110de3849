// 'Refund this payment': money the order does not need (paid twice, paid after a cancel) goes back
// through Pesapal. The order itself is neither cancelled nor restocked.
import { refundPaymentSchema } from '@/domain/back-office-forms';
import { formatAmount } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { adminApi, type AdminOrderDetail } from '../admin-api';
import { ReasonDialog } from '../components/reason-dialog';
import { useAdminAction } from '../hooks/use-admin-action';

type Payment = AdminOrderDetail['payments'][number];

export function PaymentRefund({ orderId, payment }: { orderId: string; payment: Payment }) {
  const run = useAdminAction();
  const amount = `${payment.currency} ${formatAmount(payment.amountCents)}`;
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" size="sm">
          Refund this payment
        </Button>
      }
      title={`Refund ${amount} (${payment.merchantReference})?`}
      description={`A refund of ${amount} is requested from Pesapal for this payment only. The order is not cancelled and no stock changes. This cannot be undone.`}
      confirmLabel="Refund this payment"
      field="reason"
      schema={refundPaymentSchema}
      id={`refund-reason-${payment.id}`}
      label="Reason"
      hint="Sent to Pesapal with the refund request."
      onSubmit={(reason) =>
        run(
          () => adminApi.refundPayment(orderId, payment.id, reason),
          () => `A refund of ${amount} was requested from Pesapal.`,
          'The refund could not be requested. Please try again.',
        )
      }
    />
  );
}
