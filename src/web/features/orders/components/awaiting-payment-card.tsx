import { CreditCard, RefreshCw } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrdersKey } from '@/web/i18n/orders-text';
import type { AwaitingOrder } from '../order-api';
import { OrderCardHeader } from './order-card-header';
import { OrderItemList } from './order-item-list';
import { PaymentAttempts } from './payment-attempts';

export interface AwaitingPaymentCardProps {
  order: AwaitingOrder;
  checking: boolean;
  startingPayment: boolean;
  onCheck: () => void;
  onPay: () => void;
}

/**
 * How an unpaid order reads: waiting for Pesapal only when Pesapal has seen one of its payments (the
 * money may be on its way: pay now only if it was not); a page closed before paying is just not paid.
 */
function paymentState(order: AwaitingOrder): { badge: OrdersKey; note: OrdersKey; pay: OrdersKey } {
  if (order.paymentStatus === 'FAILED') return { badge: 'notPaid', note: 'lastAttemptFailed', pay: 'payAgain' };
  if (order.waitingForPesapal) return { badge: 'awaitingPayment', note: 'waitingForPesapal', pay: 'payNow' };
  return { badge: 'notPaid', note: 'noPaymentYet', pay: 'continuePayment' };
}

/** An order not yet paid, with Check status (sync) and a button that opens a new payment page. */
export function AwaitingPaymentCard({ order, checking, startingPayment, onCheck, onPay }: AwaitingPaymentCardProps) {
  const t = useOrdersText();
  const { badge, note, pay } = paymentState(order);
  return (
    <Card data-testid="awaiting-order" data-order-id={order.id}>
      <CardContent className="space-y-3">
        <OrderCardHeader order={order} badge={<Badge tone="warning">{t(badge)}</Badge>} />
        <p className="text-sm text-slate-700">{t(note)}</p>
        <OrderItemList items={order.items} />
        <PaymentAttempts order={order} />
        <div className="flex flex-wrap gap-3">
          {order.paymentStatus && (
            <Button variant="outline" onClick={onCheck} disabled={checking} aria-describedby={`order-${order.id}-title`}>
              <RefreshCw aria-hidden="true" className={checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
              {checking ? t('checking') : t('checkStatus')}
            </Button>
          )}
          {/* aria-disabled, not disabled: the button keeps focus, so it gets it back when the payment modal closes. */}
          <Button onClick={() => !startingPayment && onPay()} aria-disabled={startingPayment || undefined}>
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            {startingPayment ? t('openingPayment') : t(pay)}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
