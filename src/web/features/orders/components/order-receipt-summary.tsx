import { MapPin, Truck } from 'lucide-react';
import { formatKES } from '@/domain/money';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderDetail } from '../order-api';
import { OrderItemList } from './order-item-list';
import { OrderRefunds } from './order-refunds';
import { ReceiptLinks } from './receipt-links';

/**
 * What was bought and where it goes: the lines, the totals (and after refunds, what came back and
 * the total after them), the delivery address (with the rider's notes when the order has them), the
 * delivery window chosen at checkout, and its receipt.
 */
export function OrderReceiptSummary({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  const paid = order.paidAt !== null;
  const fee = order.deliveryFeeCents;
  const totals: [string, string][] = [
    [t('subtotal'), formatKES(order.subtotalCents)],
    // The promotion's line, when it took something off the goods.
    ...(order.discountCents > 0 ? [[order.discountLabel ?? t('discount'), `−${formatKES(order.discountCents)}`] as [string, string]] : []),
    // What the order was charged per VAT band, as stored when it was placed.
    ...order.vatRows.map((v): [string, string] => [v.label, formatKES(v.taxCents)]),
    order.fulfilmentMethod === 'pickup'
      ? [t('pickupAtShop'), t('noDeliveryFee')]
      : [t('deliveryFee'), fee === 0 ? t('free') : formatKES(fee)],
    ...(order.smallOrderFeeCents > 0 ? [[t('smallOrderFee'), formatKES(order.smallOrderFeeCents)] as [string, string]] : []),
  ];
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-4 text-left"
      data-testid="order-summary"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        {t('orderRef', { ref: order.orderNumber })}
      </h2>
      <OrderItemList items={order.items} />
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
        {totals.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t('total')}</dt>
        <dd className="text-right font-semibold" data-testid="summary-total">
          {formatKES(order.totalCents)}
        </dd>
        {order.refundedCents > 0 && (
          <>
            <dt className="text-slate-600">{t('refunded')}</dt>
            <dd className="text-right">-{formatKES(order.refundedCents)}</dd>
            <dt className="font-semibold">{t('totalAfterRefunds')}</dt>
            <dd className="text-right font-semibold" data-testid="summary-total-after-refunds">
              {formatKES(order.totalAfterRefundsCents)}
            </dd>
          </>
        )}
      </dl>
      <OrderRefunds refunds={order.refunds} />
      <div className="space-y-1 text-sm">
        <p className="flex gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" />
          {order.fulfilmentMethod === 'pickup' ? (
            <span>
              <span className="font-semibold">{t('pickUpAtShopLabel')} </span>
              <span data-testid="pickup-address">{order.pickupAt}</span>
            </span>
          ) : (
            <span>
              <span className="font-semibold">{t('deliveryToLabel')} </span>
              <span data-testid="delivery-address">{order.deliveryAddress}</span>
            </span>
          )}
        </p>
        {order.house && (
          <p className="pl-6">
            <span className="font-semibold">{t('houseLabel')} </span>
            {order.house}
          </p>
        )}
        {order.directions && (
          <p className="pl-6">
            <span className="font-semibold">{t('directionsLabel')} </span>
            {order.directions}
          </p>
        )}
        {order.note && (
          <p className="pl-6 break-words">
            <span className="font-semibold">{t('noteForShopLabel')} </span>
            {order.note}
          </p>
        )}
        {order.deliveryWindow && (
          <p className="flex gap-2" data-testid="delivery-window">
            <Truck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" />
            <span>
              <span className="font-semibold">
                {order.fulfilmentMethod === 'pickup' ? t('pickupWindowLabel') : t('deliveryWindowLabel')}{' '}
              </span>
              {order.deliveryZoneName
                ? t('windowNairobiZone', { window: order.deliveryWindow.label, zone: order.deliveryZoneName })
                : t('windowNairobi', { window: order.deliveryWindow.label })}
            </span>
          </p>
        )}
      </div>
      {paid && (
        <div className="flex flex-wrap gap-3">
          <ReceiptLinks orderId={order.id} />
        </div>
      )}
    </section>
  );
}
