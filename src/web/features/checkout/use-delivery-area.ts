// The area the cart and product pages price delivery for: the one the customer chose (browser
// storage), else a signed-in customer's profile address, else none yet. The fee comes from the same
// endpoint as checkout's (use-delivery-quote.ts), so what the cart says is what checkout charges.
import { useSyncExternalStore } from 'react';
import { useSession } from '../account/use-session';
import { deliveryAreaStore, type DeliveryArea } from './delivery-area';
import { useDeliveryQuote, type QuoteState } from './use-delivery-quote';

const noArea = () => null;

export interface DeliveryAreaState {
  /** What 'Delivery to {area}' names; null while no area is known. */
  name: string | null;
  quote: QuoteState;
  choose(area: DeliveryArea): void;
}

export function useDeliveryArea(): DeliveryAreaState {
  // The server knows no browser storage: rendered without an area, the stored one follows.
  const chosen = useSyncExternalStore(deliveryAreaStore.subscribe, deliveryAreaStore.getSnapshot, noArea);
  const session = useSession();
  const profileAddress = session.data?.user ? (session.data.profile?.address ?? '').trim() : '';
  const address = chosen?.address ?? profileAddress;
  const quote = useDeliveryQuote(address, chosen?.coordinates ?? null, { toastErrors: false });
  return { name: chosen?.name ?? (profileAddress || null), quote, choose: deliveryAreaStore.remember };
}
