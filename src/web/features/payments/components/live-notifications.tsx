// Mounted once in the layout: while a customer is signed in, this tab listens to their live order
// and payment changes, refetches what the screens show, clears the cart when a payment completes,
// and gives the success or failure notice (with a tone when sound is on).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { connectRealtime, disconnectRealtime, onLiveEvent, onRealtimeReconnect } from '../../../lib/realtime';
import { useSession } from '../../account/use-session';
import { orderKeys } from '../../orders/order-api';
import { liveEventActions } from '../live-event-actions';
import { showProcessingBadge } from '../live-status-store';
import { announcePaymentCompleted, announcePaymentFailed, clearCartAfterPayment } from '../payment-outcome';
import { FAILURE_TONE_HZ, playToneOnce, SUCCESS_TONE_HZ } from '../payment-sound';
import { soundPreference } from '../sound-preference';

export function LiveNotifications() {
  const { data } = useSession();
  const userId = data?.user?.id ?? null;
  const queryClient = useQueryClient();

  // Signed out, or signed in as someone else: the previous customer's orders must not be shown.
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current && previousUserId.current !== userId) queryClient.removeQueries({ queryKey: orderKeys.all });
    previousUserId.current = userId;
  }, [userId, queryClient]);

  useEffect(() => {
    if (!userId) return;
    const refetchOrders = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    const offEvent = onLiveEvent((event) => {
      refetchOrders();
      const actions = liveEventActions(event);
      if (actions.processing) showProcessingBadge();
      if (actions.clearCart) clearCartAfterPayment(event.orderId);
      if (actions.notice === 'completed') announcePaymentCompleted(event.orderId);
      if (actions.notice === 'failed') announcePaymentFailed(event.orderId);
      if (actions.notice && soundPreference.isEnabled()) {
        playToneOnce(`${event.orderId}:${event.status}`, actions.notice === 'completed' ? SUCCESS_TONE_HZ : FAILURE_TONE_HZ);
      }
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
