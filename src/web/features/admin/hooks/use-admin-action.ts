// A change made from a button or a confirm dialog: the outcome as a toast, then every back-office
// query refreshed. Resolves whether it worked, which is what ConfirmDialog needs to close or stay.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';

export const TRY_AGAIN = 'That did not work. Please try again.';

export function useAdminAction() {
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(change: () => Promise<T>, success: string | ((result: T) => string), failure = TRY_AGAIN): Promise<boolean> => {
      try {
        const result = await change();
        toast.success(typeof success === 'string' ? success : success(result));
        return true;
      } catch (err) {
        toast.error(errorMessage(err, failure));
        return false;
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['admin'] });
      }
    },
    [queryClient],
  );
}
