import type { Locale } from '@/domain/locale';
import { viaApi } from '../../lib/lazy-api';
import { queryClient } from '../../lib/query-client';
import { sessionQueryKey } from './use-session';

/** A signed-in customer's switch of language is kept with her account, for her SMS and mail. */
export async function saveLocale(locale: Locale): Promise<void> {
  const session = queryClient.getQueryData<{ user?: unknown } | null>(sessionQueryKey);
  if (!session?.user) return;
  await viaApi((api) => api.account.locale.$put({ json: { locale } })).catch(() => undefined);
}
