// The header pieces only a signed-in customer sees (payment badges, the sound switch), loaded in
// their own chunk once the session says someone is signed in: a visitor's first download stays
// without them, and both already wait for the session, so nothing shows later than before.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSession } from '../../features/account/use-session';

const load = () => import('./signed-in-tools-chunk');
const PaymentStatusBadge = lazy(() => load().then((m) => ({ default: m.PaymentStatusBadge })));
const SoundToggle = lazy(() => load().then((m) => ({ default: m.SoundToggle })));

function WhenSignedIn({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  const { data } = useSession();
  if (!data?.user) return null;
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}

export const HeaderPaymentBadges = () => <WhenSignedIn component={PaymentStatusBadge} />;
export const HeaderSoundToggle = () => <WhenSignedIn component={SoundToggle} />;
