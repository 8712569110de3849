// For a signed-in customer who has bought before: her last paid order and 'Buy again'
// (last-order-strip.tsx). Its code, with the orders API and the reorder, is a chunk of its own that
// only a signed-in customer loads, so a first visit's download does not carry it. The server never
// shows it (it renders pages without the visitor's orders), so it appears after hydration.
import { lazy, Suspense } from 'react';
import { useHydrated } from '@/web/lib/use-hydrated';
import { loadCatalogues } from '@/web/i18n/catalogue';
import { currentLocale } from '@/web/i18n/locale-store';
import { useSession } from '../../account/use-session';

// Its words (the orders area) in the page's language before it shows.
const LastOrderStrip = lazy(() => import('./last-order-strip').then(async (m) => (await loadCatalogues(currentLocale()), m)));

/** band: across the page (home); else a card inside the page's column (/shop). */
export function BuyAgainStrip({ band = false }: { band?: boolean }) {
  const hydrated = useHydrated();
  const session = useSession();
  if (!hydrated || !session.data?.user) return null;
  return (
    <Suspense fallback={null}>
      <LastOrderStrip band={band} />
    </Suspense>
  );
}
