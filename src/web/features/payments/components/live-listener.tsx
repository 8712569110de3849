// The signed-in half of LiveNotifications, in its own chunk: a visitor who is not signed in never
// downloads the realtime client, the notices or the tones. Every event refetches what the screens
// show; an outcome goes to the one announcer (payment-outcome.ts), which tells each attempt's once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime, disconnectRealtime, onLiveEvent, onRealtimeReconnect } from '@/web/lib/realtime';
import { orderKeys } from '../../orders/order-keys';
import { liveEventActions } from '../live-event-actions';
import { showProcessingBadge } from '../live-status-store';
import { announcePaymentOutcome, paymentAttemptStarted } from '../payment-outcome';

export default function LiveListener({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetchOrders = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    const offEvent = onLiveEvent((event) => {
      refetchOrders();
      const { outcome, attemptStarted } = liveEventActions(event);
      if (attemptStarted) {
        showProcessingBadge();
        paymentAttemptStarted(event.orderId);
      }
      if (outcome) announcePaymentOutcome(event.orderId, outcome);
    });
    const offReconnect = onRealtimeReconnect(refetchOrders);
    connectRealtime();
    return () => {
      offEvent();
      offReconnect();
      disconnectRealtime();
    };
  }, [userId, queryClient]);
  return null;
}
