import { useQuery } from '@tanstack/react-query';
import { Trans } from '../i18n/trans';
import { ShoppingCart } from 'lucide-react';
import { useParams } from 'react-router';
import { Link } from '../components/ui/link';
import { WHATSAPP_TEXT } from '@/domain/whatsapp';
import { Button } from '../components/ui/button';
import { ChatOnWhatsApp } from '../features/content/components/chat-on-whatsapp';
import { OrderOutcome } from '../features/orders/components/order-outcome';
import { OrderProgressView } from '../features/orders/components/order-progress-view';
import { OrderReceiptSummary } from '../features/orders/components/order-receipt-summary';
import { OrderStatusBadge } from '../features/orders/components/order-status-badge';
import { OrdersSkeleton } from '../features/orders/components/orders-skeleton';
import { ShopContactOnTheWay } from '../features/orders/components/shop-contact-on-the-way';
import { fetchOrder, orderKeys } from '../features/orders/order-api';
import { useReorder } from '../features/orders/use-reorder';
import { ApiError } from '../lib/api';
import { useDocumentMeta } from '../lib/document-title';
import { useOrdersText } from '../i18n/orders-text';

// /orders/:ref: one of the customer's orders, by its id or the short reference its SMS links to
// ('#0f8d2c1a'): where it is, what was bought, where it goes, and its receipt. Paying an unpaid order
// happens in My Orders, beside the customer's other unpaid ones.
export default function OrderPage() {
  const { ref = '' } = useParams();
  const t = useOrdersText();
  useDocumentMeta(t('orderRef', { ref: ref.slice(0, 8) }));
  // Refetched by the live order events like every ['orders'] query, so its steps move on their own.
  const query = useQuery({ queryKey: orderKeys.detail(ref), queryFn: () => fetchOrder(ref), staleTime: 0, retry: false });
  const buyAgain = useReorder('buy-again');
  const order = query.data;
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('orderRef', { ref: ref.slice(0, 8) })}</h1>
        {order && <OrderStatusBadge status={order.status} />}
      </div>
      {query.isPending ? (
        <OrdersSkeleton />
      ) : !order ? (
        <p className="text-slate-700">{missing ? t('orderNotFoundPage') : t('orderCouldNotLoad')}</p>
      ) : (
        <>
          <OrderProgressView order={{ ...order, refunds: order.paidPayments.map((p) => p.refund) }} />
          {order.status === 'completed' && order.fulfilmentStatus === 'out_for_delivery' && <ShopContactOnTheWay />}
          <OrderOutcome order={order} />
          {order.status === 'pending' && (
            <p className="text-slate-700">
              <Trans id={t.id('notPaidYet')} components={{ 0: <Link to="/orders" className="font-medium text-brand-700 underline" /> }} />
            </p>
          )}
          <OrderReceiptSummary order={order} />
          <div className="flex flex-wrap gap-3">
            {order.status !== 'failed' && (
              <Button variant="outline" onClick={() => void buyAgain(order.id)}>
                <ShoppingCart aria-hidden="true" className="h-4 w-4" />
                {t('buyAgain')}
              </Button>
            )}
            <ChatOnWhatsApp text={WHATSAPP_TEXT.order(order.orderNumber)} />
          </div>
        </>
      )}
      <p>
        <Link to="/orders" className="font-medium text-brand-700 underline">
          {t('allMyOrders')}
        </Link>
      </p>
    </section>
  );
}
