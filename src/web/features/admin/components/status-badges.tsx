import { ORDER_STATUS_SHOWN } from '@/domain/order-lifecycle';
import { badgeColor, capitalize, FULFILMENT_LABELS, isFulfilmentStatus, isOrderStatus } from '@/domain/order-status';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';

const ORDER_TONES: Record<string, BadgeTone> = { green: 'success', blue: 'info', red: 'danger', grey: 'neutral' };

/** Same colours as the customer sees: completed green, processing blue, cancelled red, others grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={ORDER_TONES[badgeColor(status)] ?? 'neutral'}>
      {isOrderStatus(status) ? ORDER_STATUS_SHOWN[status].merchant : capitalize(status)}
    </Badge>
  );
}

const PAYMENTS: Record<string, { tone: BadgeTone; label: string }> = {
  PENDING: { tone: 'neutral', label: 'Awaiting payment' },
  COMPLETED: { tone: 'success', label: 'Paid' },
  FAILED: { tone: 'danger', label: 'Payment failed' },
  REVERSED: { tone: 'warning', label: 'Payment reversed' },
};

/** Worded so it cannot be mistaken for the order's own status badge beside it. */
export function PaymentStatusBadge({ status }: { status: string | null }) {
  const shown = status ? PAYMENTS[status] : undefined;
  return <Badge tone={shown?.tone ?? 'neutral'}>{shown?.label ?? (status ? capitalize(status.toLowerCase()) : 'No payment')}</Badge>;
}

export function FulfilmentBadge({ status }: { status: string }) {
  const label = isFulfilmentStatus(status) ? FULFILMENT_LABELS[status] : status;
  return <Badge tone={status === 'delivered' ? 'success' : status === 'unfulfilled' ? 'neutral' : 'info'}>{label}</Badge>;
}
