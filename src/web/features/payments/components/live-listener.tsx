// The signed-in half of LiveNotifications, in its own chunk: a visitor who is not signed in never
// downloads the realtime client, the notices or the tones.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime, disconnectRealtime, onLiveEvent, onRealtimeReconnect } from '@/web/lib/realtime';
import { orderKeys } from '../../orders/order-keys';
import { liveEventActions } from '../live-event-actions';
import { showProcessingBadge } from '../live-status-store';
import { announcePaymentCompleted, announcePaymentFailed, clearCartAfterPayment } from '../payment-outcome';
import { FAILURE_TONE_HZ, playToneOnce, SUCCESS_TONE_HZ } from '../payment-sound';
import { soundPreference } from '../sound-preference';

export default function LiveListener({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
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
