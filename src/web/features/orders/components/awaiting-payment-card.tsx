import { CreditCard, RefreshCw } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
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
function paymentState(order: AwaitingOrder): { badge: string; note: string; pay: string } {
  if (order.paymentStatus === 'FAILED')
    return { badge: 'Not paid', note: 'Your last payment attempt did not go through.', pay: 'Pay again' };
  if (order.waitingForPesapal) return { badge: 'Awaiting payment', note: 'Waiting for Pesapal to confirm your payment.', pay: 'Pay now' };
  return { badge: 'Not paid', note: 'No payment has been made yet.', pay: 'Continue payment' };
}

/** An order not yet paid, with Check status (sync) and a button that opens a new payment page. */
export function AwaitingPaymentCard({ order, checking, startingPayment, onCheck, onPay }: AwaitingPaymentCardProps) {
  const { badge, note, pay } = paymentState(order);
  return (
    <Card data-testid="awaiting-order" data-order-id={order.id}>
      <CardContent className="space-y-3">
        <OrderCardHeader order={order} badge={<Badge tone="warning">{badge}</Badge>} />
        <p className="text-sm text-slate-700">{note}</p>
        <OrderItemList items={order.items} />
        <PaymentAttempts order={order} />
        <div className="flex flex-wrap gap-3">
          {order.paymentStatus && (
            <Button variant="outline" onClick={onCheck} disabled={checking} aria-describedby={`order-${order.id}-title`}>
              <RefreshCw aria-hidden="true" className={checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
              {checking ? 'Checking...' : 'Check status'}
            </Button>
          )}
          {/* aria-disabled, not disabled: the button keeps focus, so it gets it back when the payment modal closes. */}
          <Button onClick={() => !startingPayment && onPay()} aria-disabled={startingPayment || undefined}>
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            {startingPayment ? 'Opening payment...' : pay}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
