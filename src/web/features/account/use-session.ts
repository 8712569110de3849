import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '../../../server/features/account/account.service';
import { apiFetch } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { onSessionChangeElsewhere } from './session-events';

/** { user, profile, googleEnabled } as GET /api/account/session answers. */
export type SessionInfo = SessionView;

export const sessionQueryKey = ['session'] as const;

// Another tab signed in or out: everything cached may belong to the previous visitor.
onSessionChangeElsewhere(() => void queryClient.invalidateQueries());

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => apiFetch<SessionInfo>('/api/account/session'),
    staleTime: 5 * 60_000,
  });
}
