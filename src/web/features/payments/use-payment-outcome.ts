// One payment outcome for a screen that watches one attempt of one order (the payment modal, and
// /order-success): the live event for the order (at once), polling of the order's transaction (the
// fallback when the stream is down or late) and Pesapal's return (the return page's message, or the
// frame's address: cancelled, or a reason to ask the server now) merge into one outcome, and a
// settled one goes to the one announcer (payment-outcome.ts). The return only ever prompts the
// server's check, except for a cancel: that is the customer's own word. Paid and failed are the
// server's word, from its transaction status or its live event.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPaymentReturnMessage } from '@/domain/payment-return';
import { onLiveEvent } from '../../lib/realtime';
import { orderKeys } from '../orders/order-keys';
import { useOrderTracking, type OrderTrackingOptions } from '../orders/use-order-tracking';
import { liveEventActions } from './live-event-actions';
import { syncPayments } from './payment-api';
import { announcePaymentOutcome, type PaymentOutcome } from './payment-outcome';

type PaymentOutcomeState = PaymentOutcome | 'waiting';

export interface PaymentOutcomeOptions extends OrderTrackingOptions {
  /**
   * The customer is paying this attempt now (the modal, or just back from Pesapal's page): its first
   * settled status is news. Otherwise only a change seen while watching is: a page opened on an
   * order settled long ago announces nothing.
   */
  paying?: boolean;
  /** Hear the return page's message (the payment modal, which frames Pesapal's page). */
  hearReturn?: boolean;
}

export function usePaymentOutcome(orderId: string | null, opts: PaymentOutcomeOptions = {}) {
  const { paying = false, hearReturn = false, ...trackingOptions } = opts;
  const tracking = useOrderTracking(orderId, trackingOptions);
  const enabled = (trackingOptions.enabled ?? true) && orderId !== null;
  const queryClient = useQueryClient();
  // What was heard belongs to one attempt: a new one (Try Again: a new `since`) starts blank.
  const attempt = `${orderId ?? ''}@${trackingOptions.since ?? 0}`;
  const [heardLive, setHeardLive] = useState<{ attempt: string; outcome: 'paid' | 'failed' } | null>(null);
  const [cancelledAttempt, setCancelledAttempt] = useState<string | null>(null);

  // The live road: the listener refetches every screen; this takes the event's word at once.
  useEffect(() => {
    if (!enabled || orderId === null) return;
    return onLiveEvent((event) => {
      if (event.orderId !== orderId) return;
      const { outcome } = liveEventActions(event);
      if (outcome) setHeardLive({ attempt, outcome });
    });
  }, [enabled, orderId, attempt]);

  // Ask the server to check with Pesapal now (one check at a time); polling and the live event
  // bring what it finds.
  const checking = useRef(false);
  const checkNow = useCallback(
    (returned = false) => {
      if (orderId === null || checking.current) return;
      checking.current = true;
      syncPayments([orderId], returned)
        .catch(() => undefined) // polling and realtime still decide; a failed check changes nothing
        .finally(() => {
          checking.current = false;
          void queryClient.invalidateQueries({ queryKey: orderKeys.transaction(orderId) });
        });
    },
    [orderId, queryClient],
  );

  /** Pesapal sent the customer back (paid, failed or cancelled: the server is asked which). */
  const reportReturn = useCallback(
    (cancelled: boolean) => {
      checkNow(!cancelled);
      if (cancelled) setCancelledAttempt(attempt);
    },
    [checkNow, attempt],
  );

  /** The customer closed the payment without paying. */
  const cancel = useCallback(() => setCancelledAttempt(attempt), [attempt]);

  // The return road: our return page, loaded in the modal's frame, posts this to the shop page.
  useEffect(() => {
    if (!enabled || !hearReturn) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && isPaymentReturnMessage(e.data)) reportReturn(e.data.cancelled);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [enabled, hearReturn, reportReturn]);

  const polled = tracking.paymentStatus === 'COMPLETED' ? 'paid' : tracking.paymentStatus === 'FAILED' ? 'failed' : null;
  const live = heardLive?.attempt === attempt ? heardLive.outcome : null;
  const cancelled = cancelledAttempt === attempt;
  // Paid wins (money moved); a cancel wins over the FAILED status Pesapal gives a cancelled attempt.
  const outcome: PaymentOutcomeState =
    polled === 'paid' || live === 'paid' ? 'paid' : cancelled ? 'cancelled' : (polled ?? live ?? 'waiting');

  const seenPending = useRef<string | null>(null);
  const heard = live !== null || cancelled;
  useEffect(() => {
    if (!enabled || orderId === null) return;
    if (outcome === 'waiting') {
      if (tracking.paymentStatus === 'PENDING') seenPending.current = attempt;
      return;
    }
    if (paying || heard || seenPending.current === attempt) announcePaymentOutcome(orderId, outcome);
  }, [enabled, orderId, attempt, outcome, paying, heard, tracking.paymentStatus]);

  return { ...tracking, outcome, checkNow, reportReturn, cancel };
}
