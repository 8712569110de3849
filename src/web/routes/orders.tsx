import { useInfiniteQuery } from '@tanstack/react-query';
import { PackageOpen, RefreshCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../components/ui/link';
import { Button } from '../components/ui/button';
import { buttonClasses } from '../components/ui/button-classes';
import { AwaitingPaymentCard } from '../features/orders/components/awaiting-payment-card';
import { OrderCard } from '../features/orders/components/order-card';
import { OrdersSkeleton } from '../features/orders/components/orders-skeleton';
import { fetchOrders, orderKeys } from '../features/orders/order-api';
import { useReorder } from '../features/orders/use-reorder';
import { PaymentModal } from '../features/payments/components/payment-modal';
import { usePayAgain } from '../features/payments/use-pay-again';
import { useStatusCheck } from '../features/payments/use-status-check';
import { useDocumentMeta } from '../lib/document-title';
import { useOrdersText } from '../i18n/orders-text';

/** The sync endpoint checks at most this many orders at once. */
const MAX_SYNC_ORDERS = 20;

export default function Orders() {
  const t = useOrdersText();
  useDocumentMeta(t('myOrders'), t('trackHistory'));
  // A page of history at a time, newest first; 'Show more orders' adds the next. A live event
  // refetches the pages already shown.
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: orderKeys.list(),
    queryFn: ({ pageParam }) => fetchOrders(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
  // A failed fetch is only logged; the list stays empty.
  useEffect(() => {
    if (error) console.error('Failed to load orders', error);
  }, [error]);
  const statusCheck = useStatusCheck();
  /** Which card's check runs ('all' for Check all). */
  const [checking, setChecking] = useState<string | null>(null);
  const payAgain = usePayAgain();
  const reorder = useReorder();
  const buyAgain = useReorder('buy-again');

  const openPayment = payAgain.payment;
  const history = data?.pages.flatMap((p) => p.orders) ?? [];
  const awaiting = data?.pages[0]?.awaitingPayment ?? [];
  const checkable = awaiting.filter((o) => o.paymentStatus).map((o) => o.id);

  const check = async (key: string, orderIds: string[]) => {
    setChecking(key);
    await statusCheck.check(orderIds);
    setChecking(null);
  };

  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('myOrders')}</h1>
      <p className="mt-1 text-slate-600">{t('trackHistory')}</p>

      <div className="mt-8 space-y-10">
        {isPending ? (
          <OrdersSkeleton />
        ) : history.length === 0 && awaiting.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center">
            <PackageOpen aria-hidden="true" className="h-12 w-12 text-slate-500" />
            <h2 className="mt-4 text-xl font-semibold">{t('noOrdersYet')}</h2>
            <p className="mt-1 text-slate-600">{t('firstOrderAppears')}</p>
            <Link to="/shop" className={buttonClasses('default', 'default', 'mt-6')}>
              {t('startShopping')}
            </Link>
          </div>
        ) : (
          <>
            {awaiting.length > 0 && (
              <OrderSection
                id="awaiting"
                title={t('awaitingPayment')}
                action={
                  checkable.length > 1 && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={checking !== null}
                      onClick={() => void check('all', checkable.slice(0, MAX_SYNC_ORDERS))}
                    >
                      <RefreshCw aria-hidden="true" className={checking === 'all' ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
                      {checking === 'all' ? t('checking') : t('checkAllPayments')}
                    </Button>
                  )
                }
              >
                {awaiting.map((order) => (
                  <AwaitingPaymentCard
                    key={order.id}
                    order={order}
                    checking={checking === order.id || checking === 'all'}
                    startingPayment={payAgain.startingOrderId === order.id}
                    onCheck={() => void check(order.id, [order.id])}
                    onPay={() => void payAgain.start(order.id)}
                  />
                ))}
              </OrderSection>
            )}
            {history.length > 0 && (
              <OrderSection id="history" title={t('orderHistory')}>
                {history.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    startingPayment={payAgain.startingOrderId === order.id}
                    onPayAgain={() => void payAgain.start(order.id)}
                    onOrderAgain={() => void reorder(order.id)}
                    onBuyAgain={() => void buyAgain(order.id)}
                  />
                ))}
                {hasNextPage && (
                  <div className="flex justify-center">
                    <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                      {isFetchingNextPage ? t('loading') : t('showMoreOrders')}
                    </Button>
                  </div>
                )}
              </OrderSection>
            )}
          </>
        )}
      </div>

      {openPayment && (
        <PaymentModal
          open
          orderId={openPayment.orderId}
          iframeUrl={openPayment.iframeUrl}
          onClose={payAgain.close}
          // Try Again pays the same order: a new attempt on it while its stock is reserved.
          onRetry={() => void payAgain.start(openPayment.orderId)}
          retrying={payAgain.startingOrderId === openPayment.orderId}
        />
      )}
    </section>
  );
}

function OrderSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
