import { ORDER_STATUS_SHOWN } from '@/domain/order-lifecycle';
import { badgeColor, capitalize, isOrderStatus, type BadgeColor } from '@/domain/order-status';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';

// Order status colours: completed green, processing blue, cancelled red, others grey.
const TONE: Readonly<Record<BadgeColor, BadgeTone>> = { green: 'success', blue: 'info', red: 'danger', grey: 'neutral' };

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONE[badgeColor(status)]} data-testid="order-status">
      {isOrderStatus(status) ? ORDER_STATUS_SHOWN[status].customer : capitalize(status)}
    </Badge>
  );
}
