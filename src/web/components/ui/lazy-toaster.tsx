import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadSonner, onSonnerLoading, toasterMounted } from '../../lib/toast';

type Sonner = Awaited<ReturnType<typeof loadSonner>>;

/** Loads a few seconds after start, or at once when the first toast is raised. */
const PRELOAD_AFTER_MS = 4000;

/** sonner's own breakpoint: below it, toasts span the screen. */
const PHONE = '(max-width: 600px)';
const isPhone = () => window.matchMedia(PHONE).matches;
function onPhoneChange(listener: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** sonner's Toaster, fetched off the first-load path (see lib/toast.ts). */
export function LazyToaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  // The server and the hydrating render assume a wide screen; the real width follows at once.
  const phone = useSyncExternalStore(onPhoneChange, isPhone, () => false);
  useEffect(() => {
    let live = true;
    const show = () => void loadSonner().then((m) => live && setSonner(m));
    const off = onSonnerLoading(show);
    const timer = setTimeout(show, PRELOAD_AFTER_MS);
    return () => {
      live = false;
      off();
      clearTimeout(timer);
    };
  }, []);
  // Runs after the Toaster's own effect has subscribed to sonner: queued toasts are safe to show.
  useEffect(() => {
    if (sonner) toasterMounted(sonner.toast);
  }, [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  // On a phone at the bottom, like its own notices: at the top they covered the logo and the cart.
  // Wider screens keep them at the top, clear of the buttons that end a form near the bottom edge.
  return <Toaster richColors closeButton position={phone ? 'bottom-center' : 'top-center'} />;
}
