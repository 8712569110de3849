// The back office hears every order while it is open: one stream (/api/admin/live) per tab; each
// event refreshes the dashboard and the order screens, and a paid, taken-back or flagged order is
// said in the live region and a toast, with a tone when the back office's sound switch is on.
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Volume2, VolumeX } from 'lucide-react';
import { backoff } from '@/domain/backoff';
import { toast } from '@/web/lib/toast';
import { FAILURE_TONE_HZ, playToneOnce, SUCCESS_TONE_HZ, unlockAudio } from '../../payments/payment-sound';
import { createSoundPreference, useSoundSwitch } from '../../payments/sound-preference';
import { STAFF_LIVE_URL } from '../admin-api';
import { parseStaffEvent, staffNotice } from '../staff-notice';

const orderSounds = createSoundPreference('back-office-sounds');
/** After the browser gave up (e.g. signed out): 1, 2, 4 … s, at most 30, jittered. */
const RETRY = { baseMs: 1_000, maxMs: 30_000, jitter: 0.3 };
/** The screens an order event can change. */
const LIVE_SCREENS = new Set(['dashboard', 'orders', 'order']);
const showsOrders = (q: Query) => q.queryKey[0] === 'admin' && LIVE_SCREENS.has(String(q.queryKey[1]));

/** The switch for the back office's order tones (remembered in this browser). */
export function OrderSoundToggle() {
  const enabled = useSoundSwitch(orderSounds);
  return (
    <button
      type="button"
      onClick={() => {
        if (!enabled) unlockAudio(); // the click is the gesture browsers require before audio plays
        orderSounds.set(!enabled);
      }}
      aria-pressed={enabled}
      className="inline-flex items-center gap-1 font-semibold text-slate-700 hover:underline max-sm:min-h-11"
    >
      {enabled ? <Volume2 aria-hidden="true" className="h-4 w-4" /> : <VolumeX aria-hidden="true" className="h-4 w-4" />} Order sounds
    </button>
  );
}

export function StaffLiveNotices() {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState('');

  useEffect(() => {
    let source: EventSource | null = null;
    let stopped = false;
    let openedBefore = false;
    let retries = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ predicate: showsOrders });

    const open = () => {
      const es = new EventSource(STAFF_LIVE_URL);
      source = es;
      es.onopen = () => {
        retries = 0;
        // Nothing is replayed: what happened while away is fetched again.
        if (openedBefore) refresh();
        openedBefore = true;
      };
      es.onmessage = (msg: MessageEvent<string>) => {
        const event = parseStaffEvent(msg.data);
        if (!event) return;
        refresh();
        const notice = staffNotice(event);
        if (!notice) return;
        setLatest(notice.text);
        if (notice.tone === 'good') toast.success(notice.text, { id: `staff:${event.orderId}:${event.status}` });
        else toast.warning(notice.text, { id: `staff:${event.orderId}:${event.status}` });
        if (orderSounds.isEnabled()) {
          playToneOnce(
            `staff:${event.orderId}:${event.status}:${event.needsAttention}`,
            notice.tone === 'good' ? SUCCESS_TONE_HZ : FAILURE_TONE_HZ,
          );
        }
      };
      es.onerror = () => {
        // CONNECTING: the browser is already retrying. CLOSED: it gave up, so we try again later.
        if (es.readyState !== EventSource.CLOSED) return;
        es.close();
        if (stopped) return;
        retries++;
        retryTimer = setTimeout(open, backoff(retries, RETRY));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);

  return (
    <p role="status" aria-live="polite" className="w-full min-w-0 text-sm font-semibold text-brand-800" data-testid="staff-live-notice">
      {latest}
    </p>
  );
}
