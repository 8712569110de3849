import { useEffect, useState } from 'react';
import { loadSonner, onSonnerLoading, toasterMounted } from '../../lib/toast';

type Sonner = Awaited<ReturnType<typeof loadSonner>>;

/** Loads a few seconds after start, or at once when the first toast is raised. */
const PRELOAD_AFTER_MS = 4000;

/** sonner's Toaster, fetched off the first-load path (see lib/toast.ts). */
export function LazyToaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
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
    if (sonner) return toasterMounted(sonner.toast);
  }, [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  // At the top, clear of the buttons that end a form near the bottom edge and of the next card's
  // Add to Cart; on a phone (sonner's 600 px) just below the 65 px header, not over the logo and cart.
  return <Toaster richColors closeButton position="top-center" mobileOffset={{ top: 72 }} />;
}
