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

const PAYMENT_NOTE: Record<string, string> = {
  PENDING: 'Waiting for Pesapal to confirm your payment.',
  FAILED: 'Your last payment attempt did not go through.',
};

/** An order still waiting for its payment, with Check status (sync) and Pay now (a new payment page). */
export function AwaitingPaymentCard({ order, checking, startingPayment, onCheck, onPay }: AwaitingPaymentCardProps) {
  const note = (order.paymentStatus && PAYMENT_NOTE[order.paymentStatus]) ?? 'No payment has been made yet.';
  return (
    <Card data-testid="awaiting-order" data-order-id={order.id}>
      <CardContent className="space-y-3">
        <OrderCardHeader order={order} badge={<Badge tone="warning">Awaiting payment</Badge>} />
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
            {startingPayment ? 'Opening payment...' : order.paymentStatus === 'FAILED' ? 'Pay again' : 'Pay now'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
