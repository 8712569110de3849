import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@/server/features/account/account.service';
import { apiFetch } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { dropPrivateQueries } from './private-queries';
import { onSessionChangeElsewhere } from './session-events';

/** { user, profile, googleEnabled } as GET /api/account/session answers. */
export type SessionInfo = SessionView;

export const sessionQueryKey = ['session'] as const;

const fetchSession = () => apiFetch<SessionInfo>('/api/account/session');

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
