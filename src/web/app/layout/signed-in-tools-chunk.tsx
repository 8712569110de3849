// One chunk for the signed-in header pieces (see signed-in-tools.tsx). The payment badges, shown on
// every storefront page while someone is signed in, also keep her cart in step with the cart the
// server saves for her (saved-cart-sync.ts), so that code too stays out of a visitor's download.
import { useSession } from '../../features/account/use-session';
import { useSavedCartSync } from '../../features/cart/saved-cart-sync';
import { PaymentStatusBadge as Badges } from '../../features/payments/components/payment-status-badge';

export { SoundToggle } from '../../features/payments/components/sound-toggle';

export function PaymentStatusBadge() {
  const { data } = useSession();
  useSavedCartSync(data?.user?.id);
  return <Badges />;
}
