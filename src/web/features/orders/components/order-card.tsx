import { CreditCard, RotateCcw, ShoppingCart } from 'lucide-react';
import { WHATSAPP_TEXT } from '@/domain/whatsapp';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { ChatOnWhatsApp } from '../../content/components/chat-on-whatsapp';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderSummary } from '../order-api';
import { OrderCardHeader } from './order-card-header';
import { OrderItemList } from './order-item-list';
import { OrderOutcome } from './order-outcome';
import { OrderProgressView } from './order-progress-view';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentAttempts } from './payment-attempts';
import { ReceiptLinks } from './receipt-links';
import { ShopContactOnTheWay } from './shop-contact-on-the-way';

export interface OrderCardProps {
  order: OrderSummary;
  /** A new payment attempt on this order is being opened. */
  startingPayment?: boolean;
  onPayAgain?: () => void;
  onOrderAgain?: () => void;
  /** Puts the order's goods back in the cart at today's prices (any order that was not a failed payment). */
  onBuyAgain?: () => void;
}

/**
 * One finished order in the history: where it is (delivery steps, or how a cancelled one ended), why
 * it was cancelled and its refund.
 * A failed one is paid again while its stock is reserved, else its goods can go back in the cart.
 */
export function OrderCard({ order, startingPayment = false, onPayAgain, onOrderAgain, onBuyAgain }: OrderCardProps) {
  const t = useOrdersText();
  const failed = order.status === 'failed';
  return (
    <Card data-testid="order-card" data-order-id={order.id}>
      <CardContent className="space-y-3">
        <OrderCardHeader order={order} badge={<OrderStatusBadge status={order.status} />} />
        <OrderProgressView order={{ ...order, refunds: order.paidPayments.map((p) => p.refund) }} />
        {order.status === 'completed' && order.fulfilmentStatus === 'out_for_delivery' && <ShopContactOnTheWay />}
        <OrderOutcome order={order} />
        {order.canPayAgain && <p className="text-sm text-slate-700">{t('paymentDidNotGoThrough')}</p>}
        <OrderItemList items={order.items} />
        <PaymentAttempts order={order} />
        <div className="flex flex-wrap gap-3">
          {order.canPayAgain && onPayAgain && (
            // aria-disabled, not disabled: the button keeps focus, so it gets it back when the payment modal closes.
            <Button
              onClick={() => !startingPayment && onPayAgain()}
              aria-disabled={startingPayment || undefined}
              aria-describedby={`order-${order.id}-title`}
            >
              <CreditCard aria-hidden="true" className="h-4 w-4" />
              {startingPayment ? t('openingPayment') : t('payAgain')}
            </Button>
          )}
          {failed && !order.canPayAgain && onOrderAgain && (
            <Button variant="outline" onClick={onOrderAgain} aria-describedby={`order-${order.id}-title`}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              {t('orderAgain')}
            </Button>
          )}
          {!failed && onBuyAgain && (
            <Button variant="outline" onClick={onBuyAgain} aria-describedby={`order-${order.id}-title`}>
              <ShoppingCart aria-hidden="true" className="h-4 w-4" />
              {t('buyAgain')}
            </Button>
          )}
          {order.paidPayments.length > 0 && <ReceiptLinks orderId={order.id} describedBy={`order-${order.id}-title`} />}
          <ChatOnWhatsApp text={WHATSAPP_TEXT.order(order.orderNumber)} />
        </div>
      </CardContent>
    </Card>
  );
}
