import { CircleCheck, CircleX, Clock, Hourglass, LoaderCircle } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { formatAmount } from '@/domain/money';
import { shortOrderId } from '@/domain/order-status';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderDisplayState } from '../order-display-state';
import type { OrderDetail, TransactionView } from '../order-api';

const LOOK: Readonly<
  Record<OrderDisplayState, { Icon: ComponentType<{ className?: string }>; tone: BadgeTone; colour: string; spin?: boolean }>
> = {
  completed: { Icon: CircleCheck, tone: 'success', colour: 'text-green-700' },
  confirmed: { Icon: CircleCheck, tone: 'info', colour: 'text-blue-700' },
  failed: { Icon: CircleX, tone: 'danger', colour: 'text-red-700' },
  pending: { Icon: Clock, tone: 'warning', colour: 'text-amber-700' },
  checking: { Icon: LoaderCircle, tone: 'neutral', colour: 'text-brand-700', spin: true },
  processing: { Icon: Hourglass, tone: 'info', colour: 'text-blue-700' },
};

export interface OrderStatusPanelProps {
  state: OrderDisplayState;
  order: OrderDetail | null;
  transaction: TransactionView | null;
  /** What the customer needs first (next steps, what was bought), above the payment's details. */
  children?: ReactNode;
}

/** Status icon, badge, headline and message, then `children`, then the order reference, tracking id and amount. */
export function OrderStatusPanel({ state, order, transaction, children }: OrderStatusPanelProps) {
  const { Icon, tone, colour, spin } = LOOK[state];
  const t = useOrdersText();
  const amount = transaction ?? (order ? { amountCents: order.totalCents, currency: order.currency } : null);
  return (
    <div className="space-y-6 text-center">
      <div aria-live="polite" className="space-y-3">
        <Icon aria-hidden="true" className={cn('mx-auto h-16 w-16', colour, spin && 'motion-safe:animate-spin')} />
        <Badge tone={tone} data-testid="payment-state">
          {t(`display_${state}_badge`)}
        </Badge>
        <h1 className="text-2xl font-bold sm:text-3xl">{t(`display_${state}_headline`)}</h1>
        <p className="mx-auto max-w-prose text-slate-700">{t(`display_${state}_message`)}</p>
      </div>
      {children}
      {order && (
        <dl className="mx-auto grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-4 text-left text-sm">
          <dt className="text-slate-600">{t('orderReference')}</dt>
          <dd className="font-semibold" data-testid="order-reference">
            #{shortOrderId(order.id)}
          </dd>
          <dt className="text-slate-600">{t('paymentTrackingId')}</dt>
          <dd className="break-all font-mono" data-testid="tracking-id">
            {transaction?.pesapalTrackingId ?? t('notAvailableYet')}
          </dd>
          {amount && (
            <>
              <dt className="text-slate-600">{t('amount')}</dt>
              <dd className="font-semibold" data-testid="order-amount">
                {amount.currency} {formatAmount(amount.amountCents)}
              </dd>
            </>
          )}
          {transaction && (
            <>
              <dt className="text-slate-600">{t('phone')}</dt>
              {/* Masked by the server: the full number never reaches the browser. */}
              <dd className="font-mono" data-testid="payment-phone">
                {transaction.customerPhoneDisplay}
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
