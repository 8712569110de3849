import { Card, CardContent } from '../../../components/ui/card';
import type { OrderSummary } from '../order-api';
import { FulfilmentSteps } from './fulfilment-steps';
import { OrderCardHeader } from './order-card-header';
import { OrderItemList } from './order-item-list';
import { OrderOutcome } from './order-outcome';
import { OrderStatusBadge } from './order-status-badge';

/** One finished order in the history; a cancelled one shows why and its refund, not delivery steps. */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <Card data-testid="order-card" data-order-id={order.id}>
      <CardContent className="space-y-3">
        <OrderCardHeader order={order} badge={<OrderStatusBadge status={order.status} />} />
        {order.status !== 'cancelled' && <FulfilmentSteps status={order.fulfilment_status} />}
        <OrderOutcome order={order} />
        <OrderItemList items={order.items} />
      </CardContent>
    </Card>
  );
}
