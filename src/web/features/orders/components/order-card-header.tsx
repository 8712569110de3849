import type { ReactNode } from 'react';
import { formatDate } from '@/domain/dates';
import { formatKES } from '@/domain/money';
import { shortOrderId } from '@/domain/order-status';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderSummary } from '../order-api';

/** 'Order #1a2b3c4d', its date ('5 Mar 2026'), total in KES, and a badge. */
export function OrderCardHeader({ order, badge }: { order: OrderSummary; badge: ReactNode }) {
  const t = useOrdersText();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h3 id={`order-${order.id}-title`} className="font-semibold">
          {t('orderRef', { ref: shortOrderId(order.id) })}
        </h3>
        <p className="text-sm text-slate-600">
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </p>
      </div>
      <div className="flex items-center gap-3">
        <p className="font-semibold">{formatKES(order.totalCents)}</p>
        {badge}
      </div>
    </div>
  );
}
