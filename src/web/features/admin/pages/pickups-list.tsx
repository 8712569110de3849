// The day's orders collected at the shop, on the deliveries screen: each marked 'Pick-up' (never a
// rider's stop), with 'Ready for pick-up' (the customer gets an SMS of where and when) and then
// 'Collected' (the order is delivered).
import { Store } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { formatPhone } from '@/domain/phone';
import { FULFILMENT_LABELS } from '@/domain/order-status';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { adminApi, type DeliveriesView } from '../admin-api';
import { useAdminAction } from '../hooks/use-admin-action';

type PickupView = DeliveriesView['pickups'][number];

function PickupCard({ order }: { order: PickupView }) {
  const run = useAdminAction();
  // The action refreshes the back office's lists when it ends.
  const step = (send: (id: string) => Promise<unknown>, done: string) => run(() => send(order.orderId), done);
  const ready = order.fulfilmentStatus === 'ready_for_pickup';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid={`pickup-${order.orderNumber}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">
          <Store aria-hidden="true" className="h-4 w-4" /> Pick-up
        </Badge>
        <Link to={`/admin/orders/${order.orderId}`} className="font-semibold text-brand-800 underline">
          #{order.orderNumber}
        </Link>
        <span className="text-sm text-slate-700">{FULFILMENT_LABELS[order.fulfilmentStatus]}</span>
        {order.late && <Badge tone="warning">Not collected on its day</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-800">
        {order.customerName} · <a href={`tel:${order.phone}`}>{formatPhone(order.phone)}</a> · Paid {formatKES(order.paidCents)}
      </p>
      {order.window && <p className="text-sm text-slate-700">Window: {order.window}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {!ready && (
          <Button variant="secondary" onClick={() => void step(adminApi.readyForPickup, 'Marked ready: the customer gets an SMS.')}>
            Ready for pick-up #{order.orderNumber}
          </Button>
        )}
        <Button variant={ready ? 'default' : 'outline'} onClick={() => void step(adminApi.collected, 'Marked collected.')}>
          Collected #{order.orderNumber}
        </Button>
      </div>
    </li>
  );
}

export function PickupsList({ pickups }: { pickups: PickupView[] }) {
  if (pickups.length === 0) return null;
  return (
    <section aria-labelledby="pickups-heading">
      <h2 id="pickups-heading" className="text-lg font-semibold text-slate-900">
        Pick-up at the shop <span className="font-normal text-slate-600">({pickups.length})</span>
      </h2>
      <ul className="mt-3 space-y-3">
        {pickups.map((p) => (
          <PickupCard key={p.orderId} order={p} />
        ))}
      </ul>
    </section>
  );
}
