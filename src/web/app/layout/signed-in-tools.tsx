// The header pieces only a signed-in customer sees (payment badges, the sound switch), loaded in
// their own chunk once the session says someone is signed in: a visitor's first download stays
// without them, and both already wait for the session, so nothing shows later than before.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useSession } from '../../features/account/use-session';
import { SOUND_TOGGLE_SIZE } from '../../features/payments/components/sound-toggle-size';
import { loadCatalogues } from '../../i18n/catalogue';
import { currentLocale } from '../../i18n/locale-store';

// With their words: in Kiswahili the chunk's catalogues (the payments area) come before it shows.
const load = () =>
  import('./signed-in-tools-chunk').then(async (m) => {
    await loadCatalogues(currentLocale());
    return m;
  });
const PaymentStatusBadge = lazy(() => load().then((m) => ({ default: m.PaymentStatusBadge })));
const SoundToggle = lazy(() => load().then((m) => ({ default: m.SoundToggle })));

function WhenSignedIn({
  component: Component,
  placeholder = null,
}: {
  component: LazyExoticComponent<ComponentType>;
  placeholder?: ReactNode;
}) {
  const { data } = useSession();
  if (!data?.user) return null;
  return (
    <Suspense fallback={placeholder}>
      <Component />
    </Suspense>
  );
}

export const HeaderPaymentBadges = () => <WhenSignedIn component={PaymentStatusBadge} />;
// The switch's own box holds its place while its chunk loads: the customer's name, left of it,
// shows as soon as the session does and must not move when the switch arrives.
export const HeaderSoundToggle = () => (
  <WhenSignedIn component={SoundToggle} placeholder={<span aria-hidden="true" className={`block ${SOUND_TOGGLE_SIZE}`} />} />
);
