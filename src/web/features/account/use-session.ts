import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { api } from '../../lib/api-client';
import { viaApi } from '../../lib/lazy-api';
import { queryClient } from '../../lib/query-client';
import { dropPrivateQueries } from './private-queries';
import { onSessionChangeElsewhere } from './session-events';

/** GET /api/account/session: { user, profile, googleEnabled }, user and profile null when signed out. */
export type SessionInfo = InferResponseType<typeof api.account.session.$get, 200>;

export const fetchSession = () => viaApi((api) => api.account.session.$get());

export const sessionQueryKey = ['session'] as const;

// Another tab signed in or out: everything cached may belong to the previous visitor. The session
// comes first, so a signed-out tab drops its private queries instead of asking for them (401).
onSessionChangeElsewhere(() => void refreshAfterSessionChange());

async function refreshAfterSessionChange(): Promise<void> {
  try {
    const session = await queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0 });
    if (!session.user) dropPrivateQueries(queryClient);
  } catch {
    // No answer: refetch everything below, as before.
  }
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
}

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 5 * 60_000,
  });
}
