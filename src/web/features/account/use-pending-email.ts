import { useQuery } from '@tanstack/react-query';
import { fetchPendingEmail } from './api';

export const pendingEmailQueryKey = ['pending-email'] as const;

/** The address a phone-only account added and has not confirmed yet (only asked while it has no email). */
export function usePendingEmail(enabled: boolean) {
  return useQuery({ queryKey: pendingEmailQueryKey, queryFn: fetchPendingEmail, enabled });
}
