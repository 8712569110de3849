import { badgeColor, type BadgeColor } from '@/domain/order-status';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { useOrdersText } from '@/web/i18n/orders-text';
import { statusText } from '../order-words';

// Order status colours: completed green, processing blue, cancelled red, others grey.
const TONE: Readonly<Record<BadgeColor, BadgeTone>> = { green: 'success', blue: 'info', red: 'danger', grey: 'neutral' };

export function OrderStatusBadge({ status }: { status: string }) {
  const t = useOrdersText();
  return (
    <Badge tone={TONE[badgeColor(status)]} data-testid="order-status">
      {statusText(status, t)}
    </Badge>
  );
}
