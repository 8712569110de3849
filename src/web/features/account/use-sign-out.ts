// Signing out, the same from the storefront's account menu and the back office's header: a success or
// error toast, other tabs told, home, and nothing cached from the person who just left.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { signOut } from './api';
import { dropPrivateQueries } from './private-queries';
import { announceSessionChange } from './session-events';
import { sessionQueryKey, type SessionInfo } from './use-session';

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toast.success('Signed out successfully!');
      announceSessionChange();
      // Signed out as of now, for every screen that reads the session, before anything refetches.
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, (old) => old && { ...old, user: null, profile: null });
      dropPrivateQueries(queryClient);
      navigate('/');
      await queryClient.invalidateQueries();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred during sign out'));
    }
  };
}
