import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { tellShopAboutReturn } from '../payment-return';

/**
 * Our return page as it shows inside the payment modal's frame: it tells the modal, which asks the
 * server and shows the outcome itself.
 */
export function FramedReturn({ cancelled }: { cancelled: boolean }) {
  useEffect(() => tellShopAboutReturn(cancelled), [cancelled]);
  return (
    <p role="status" className="flex items-center justify-center gap-2 p-8 text-slate-700">
      <LoaderCircle aria-hidden="true" className="h-5 w-5 motion-safe:animate-spin" /> Checking your payment…
    </p>
  );
}
