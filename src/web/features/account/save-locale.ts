import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Locale } from '@/domain/locale';
import { viaApi } from '../../lib/lazy-api';
import { sessionQueryKey, type SessionInfo } from './use-session';

/** Keeps a signed-in customer's switch of language with her account, for her SMS and mail. */
export function useSaveLocale(): (locale: Locale) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (locale: Locale) => {
      if (!queryClient.getQueryData<SessionInfo>(sessionQueryKey)?.user) return;
      void viaApi((api) => api.account.locale.$put({ json: { locale } })).catch(() => undefined);
    },
    [queryClient],
  );
}
