// sonner's Toaster with the app's settings, in a chunk of its own with sonner (lazy-toaster.tsx).
import { useEffect } from 'react';
import { toast, Toaster as SonnerToaster } from 'sonner';
import { toasterMounted } from '../../lib/toast';

export default function Toaster() {
  // Runs after the Toaster's own effect has subscribed to sonner: queued toasts are safe to show.
  useEffect(() => toasterMounted(toast), []);
  // At the top, clear of the buttons that end a form near the bottom edge and of the next card's
  // Add to Cart; on a phone (sonner's 600 px) just below the 65 px header, not over the logo and cart.
  return <SonnerToaster richColors closeButton position="top-center" mobileOffset={{ top: 72 }} />;
}
