// Mounted once in the layout: while a customer is signed in, this tab listens to their live order
// and payment changes, refetches what the screens show, clears the cart when a payment completes,
// and gives the success or failure notice (with a tone when sound is on).
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSession } from '../../account/use-session';
import { loadCatalogues } from '../../../i18n/catalogue';
import { currentLocale } from '../../../i18n/locale-store';
import { orderKeys } from '../../orders/order-keys';

// Its notices' words (the payments area) in the page's language before it listens.
const LiveListener = lazy(() => import('./live-listener').then(async (m) => (await loadCatalogues(currentLocale()), m)));

export function LiveNotifications() {
  const { data } = useSession();
  const userId = data?.user?.id ?? null;
  const queryClient = useQueryClient();

  // Signed out, or signed in as someone else: the previous customer's orders must not be shown.
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current && previousUserId.current !== userId) queryClient.removeQueries({ queryKey: orderKeys.all });
    previousUserId.current = userId;
  }, [userId, queryClient]);

  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LiveListener key={userId} userId={userId} />
    </Suspense>
  );
}
