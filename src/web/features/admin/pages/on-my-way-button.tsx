// 'On my way' for a stop: the rider's (their own stop) or the staff's (a shop delivering without
// riders). One tap; a second finds the order on its way already, changes nothing and tells nobody.
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import type { DeliveryStopView } from '../admin-api';
import { useAdminAction } from '../hooks/use-admin-action';
import { ForStop } from './delivery-stop';

/** Gone once the order is out for delivery: the card's 'On the way' badge says so instead. */
export function OnMyWayButton({
  stop,
  send,
  className,
}: {
  stop: DeliveryStopView;
  send: (orderId: string) => Promise<unknown>;
  className?: string;
}) {
  const run = useAdminAction();
  const [busy, setBusy] = useState(false);
  if (stop.fulfilmentStatus === 'out_for_delivery') return null;
  const tap = async () => {
    setBusy(true);
    await run(() => send(stop.orderId), `Order #${stop.orderNumber}: ${stop.customerName} is told you are on your way.`);
    setBusy(false);
  };
  return (
    <Button size="tall" className={cn('w-full', className)} disabled={busy} onClick={() => void tap()}>
      <ForStop label="On my way" stop={stop} joiner="" />
    </Button>
  );
}
