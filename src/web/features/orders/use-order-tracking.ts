// Order tracking: the order and its payment transaction, refetched on every realtime event
// (LiveNotifications invalidates ['orders']) and polled while the payment is unsettled. It announces
// nothing: a payment's outcome is told by payment-outcome.ts (through usePaymentOutcome).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { ordersText, useOrdersText } from '../../i18n/orders-text';
import { isSettled } from './order-display-state';
import { ORDER_REFRESH_FAILED, orderErrorMessage } from './order-messages';
import { fetchOrder, fetchTransaction, orderKeys, type OrderDetail, type TransactionView } from './order-api';

const TRACKING_POLL_MS = 5_000;

export interface OrderTrackingOptions {
  /** 5 s by default; the payment modal polls every 2 s. */
  pollMs?: number;
  enabled?: boolean;
  /** Ignore transaction data fetched before this time (ms): the modal must not act on an earlier attempt. */
  since?: number;
}

const noRetryOnClientError = (failures: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 2;

export function useOrderTracking(orderId: string | null, opts: OrderTrackingOptions = {}) {
  const { pollMs = TRACKING_POLL_MS, enabled = true, since = 0 } = opts;
  const active = enabled && orderId !== null;
  const id = orderId ?? '';
  const t = useOrdersText();

  // Polling stops once the status is final; read from the cache because both queries decide it.
  const client = useQueryClient();
  const cachedOrder = client.getQueryState<OrderDetail>(orderKeys.detail(id));
  const cachedTransaction = client.getQueryState<TransactionView | null>(orderKeys.transaction(id));
  const freshCachedStatus = (cachedTransaction?.dataUpdatedAt ?? 0) >= since ? cachedTransaction?.data?.status : null;
  const settled = isSettled(cachedOrder?.data?.status, freshCachedStatus);
  const refetchInterval = active && !settled && cachedOrder?.status !== 'error' ? pollMs : false;

  const polled = { enabled: active, staleTime: 0, retry: noRetryOnClientError, refetchInterval } as const;
  const order = useQuery({ queryKey: orderKeys.detail(id), queryFn: () => fetchOrder(id), ...polled });
  const transaction = useQuery({ queryKey: orderKeys.transaction(id), queryFn: () => fetchTransaction(id), ...polled });
  const fresh = transaction.data && transaction.dataUpdatedAt >= since ? transaction.data : null;
  const paymentStatus = fresh?.status ?? null;

  // A refresh that fails once the page shows the order: say so (a toast) rather than go on showing a
  // status that may be stale. A first load that fails is the page's error instead.
  const refreshFailed = order.data !== undefined && (order.isError || transaction.isError) && !order.isFetching && !transaction.isFetching;
  useEffect(() => {
    if (!refreshFailed) return;
    toast.error(ordersText(ORDER_REFRESH_FAILED.title), {
      id: `order-refresh-${id}`,
      description: ordersText(ORDER_REFRESH_FAILED.description),
    });
  }, [refreshFailed, id]);

  return {
    order: order.data ?? null,
    transaction: fresh,
    paymentStatus,
    isLoading: active && (order.isPending || transaction.isPending),
    error: order.error && order.data === undefined ? orderErrorMessage(order.error, t) : null,
    settled,
  };
}
