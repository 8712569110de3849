import { isCancelledForCustomer, shortOrderId } from '@/domain/order-status';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '../i18n/trans';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Link } from '../components/ui/link';
import { toast } from '../lib/toast';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { buttonClasses } from '../components/ui/button-classes';
import { OrderReceiptSummary } from '../features/orders/components/order-receipt-summary';
import type { OrderDetail } from '../features/orders/order-api';
import { useReorder } from '../features/orders/use-reorder';
import { PaymentModal } from '../features/payments/components/payment-modal';
import { usePayAgain } from '../features/payments/use-pay-again';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { useCart } from '../features/cart/use-cart';
import { ManualStatusCheck } from '../features/orders/components/manual-status-check';
import { OrderStatusPanel } from '../features/orders/components/order-status-panel';
import { isSettled, orderDisplayState } from '../features/orders/order-display-state';
import { orderErrorMessage } from '../features/orders/order-messages';
import { lookupOrderId } from '../features/payments/payment-api';
import { usePaymentOutcome } from '../features/payments/use-payment-outcome';
import { useStatusCheck } from '../features/payments/use-status-check';
import { ApiError } from '../lib/api';
import { WHATSAPP_TEXT } from '@/domain/whatsapp';
import { ChatOnWhatsApp } from '../features/content/components/chat-on-whatsapp';
import { useDocumentMeta } from '../lib/document-title';
import { usePaymentsText } from '../i18n/payments-text';
import { useOrdersText } from '../i18n/orders-text';

interface SuccessState {
  orderId?: unknown;
  /** Set when the customer came back from Pesapal's page (the callback query). */
  returnedFromPayment?: unknown;
}

// /order-success: reached from the payment modal with { orderId } in the navigation state, or from
// Pesapal's callback (?OrderTrackingId=…&OrderMerchantReference=…) when Pesapal's return page was
// the whole tab and sent it on here. Without either it goes home. It is never shown inside the
// payment modal: Pesapal returns there to the small return page instead.
export default function OrderSuccess() {
  const t = usePaymentsText();
  useDocumentMeta(t('orderStatusTitle'));
  const location = useLocation();
  const state = (location.state ?? {}) as SuccessState;
  const orderId = typeof state.orderId === 'string' ? state.orderId : null;
  const query = new URLSearchParams(location.search);
  const trackingId = query.get('OrderTrackingId');
  const merchantReference = query.get('OrderMerchantReference');

  if (orderId) return <OrderStatus orderId={orderId} returnedFromPayment={state.returnedFromPayment === true} />;
  if (trackingId || merchantReference) return <CallbackLookup trackingId={trackingId} merchantReference={merchantReference} />;
  return <Navigate to="/" replace />;
}

/** Finds the customer's order behind Pesapal's callback, then shows it under a clean URL. */
function CallbackLookup({ trackingId, merchantReference }: { trackingId: string | null; merchantReference: string | null }) {
  const navigate = useNavigate();
  const say = useOrdersText();
  const lookup = useQuery({
    queryKey: ['payments', 'lookup', trackingId, merchantReference],
    queryFn: () => lookupOrderId(trackingId, merchantReference),
    retry: (failures, err) => !(err instanceof ApiError && err.status < 500) && failures < 2,
  });
  const foundId = lookup.data?.orderId;
  useEffect(() => {
    if (foundId) navigate('/order-success', { replace: true, state: { orderId: foundId, returnedFromPayment: true } });
  }, [foundId, navigate]);
  if (!lookup.error) return <PageSkeleton />;
  return <OrderProblem message={orderErrorMessage(lookup.error, say)} />;
}

function OrderStatus({ orderId, returnedFromPayment }: { orderId: string; returnedFromPayment: boolean }) {
  // Back from Pesapal's page, the outcome is news even when it is already settled (the reload lost
  // what the live event said); the announcer tells it once per tab however often the page reloads.
  const tracking = usePaymentOutcome(orderId, { paying: returnedFromPayment });
  const statusCheck = useStatusCheck();
  const orderStatus = tracking.order?.status ?? null;
  const display = orderDisplayState({
    orderStatus,
    paymentStatus: tracking.paymentStatus,
    checking: tracking.isLoading || statusCheck.checking,
    returnedFromPayment,
  });
  if (tracking.error) return <OrderProblem message={tracking.error} />;
  const unsettled = !tracking.isLoading && !isSettled(orderStatus, tracking.paymentStatus);

  return (
    <section className="mx-auto max-w-2xl space-y-8 px-4 py-10">
      <OrderStatusPanel state={display} order={tracking.order} transaction={tracking.transaction}>
        {unsettled && <ManualStatusCheck checking={statusCheck.checking} onCheck={() => void statusCheck.check([orderId])} />}
        {display === 'failed' && tracking.order && <AfterFailure order={tracking.order} />}
        {tracking.order && <OrderReceiptSummary order={tracking.order} />}
        {tracking.order && <ChatOnWhatsApp className="mx-auto" text={WHATSAPP_TEXT.order(shortOrderId(tracking.order.id))} />}
        {(orderStatus === 'completed' || isCancelledForCustomer(orderStatus ?? '')) && <BuyAgain orderId={orderId} />}
      </OrderStatusPanel>
      <NextSteps />
    </section>
  );
}

/** A paid (or cancelled) order's goods back in the cart at today's prices. */
function BuyAgain({ orderId }: { orderId: string }) {
  const buyAgain = useReorder('buy-again');
  const t = usePaymentsText();
  return (
    <div className="text-center">
      <Button variant="outline" onClick={() => void buyAgain(orderId)}>
        {t('buyAgain')}
      </Button>
    </div>
  );
}

/**
 * A failed payment: while the order's stock is reserved, Try Again pays this same order in the
 * payment modal; after that its goods can go back in the cart for a new order.
 */
function AfterFailure({ order }: { order: OrderDetail }) {
  const payAgain = usePayAgain();
  const reorder = useReorder();
  const t = usePaymentsText();
  const tryAgain = useRef<HTMLButtonElement>(null);
  const open = payAgain.payment;
  const starting = payAgain.startingOrderId === order.id;
  return (
    <div className="space-y-3 text-center">
      {order.canPayAgain || order.status === 'pending' ? (
        <>
          <p className="text-sm text-slate-700">{t('itemsStillReserved')}</p>
          <Button ref={tryAgain} onClick={() => !starting && void payAgain.start(order.id)} aria-disabled={starting || undefined}>
            {starting ? t('openingPayment') : t('tryAgain')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('cannotPayAgain')}</p>
          <Button onClick={() => void reorder(order.id)}>{t('orderAgain')}</Button>
        </>
      )}
      <p className="text-sm text-slate-700">
        <Trans id={t.id('seeInMyOrders')} components={{ 0: <Link to="/orders" className="font-semibold text-brand-700 underline" /> }} />
      </p>
      {open && (
        <PaymentModal
          open
          orderId={open.orderId}
          iframeUrl={open.iframeUrl}
          onClose={payAgain.close}
          onRetry={() => void payAgain.start(open.orderId)}
          retrying={starting}
          returnFocusTo={tryAgain}
        />
      )}
    </div>
  );
}

function OrderProblem({ message }: { message: string }) {
  const t = usePaymentsText();
  return (
    <section className="mx-auto max-w-2xl space-y-8 px-4 py-10">
      <h1 className="text-center text-2xl font-bold">{t('orderStatusTitle')}</h1>
      <Alert tone="error">{message}</Alert>
      <NextSteps />
    </section>
  );
}

/** Links onwards, and clearing the cart by hand. */
function NextSteps() {
  const { count, clear } = useCart();
  const t = usePaymentsText();
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/shop" className={buttonClasses('default')}>
        {t('continueShopping')}
      </Link>
      <Link to="/" className={buttonClasses('outline')}>
        {t('backToHome')}
      </Link>
      {count > 0 && (
        <Button
          variant="ghost"
          onClick={() => {
            clear();
            toast.success(t('cartCleared'));
          }}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('clearCart')}
        </Button>
      )}
    </div>
  );
}
