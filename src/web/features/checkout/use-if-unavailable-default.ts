// The shop's usual 'If unavailable' from its public settings, for checkout's lines (in checkout's
// chunk: the shared entry keeps only the settings query itself).
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_IF_UNAVAILABLE, type IfUnavailable } from '@/domain/line-choices';
import { shopDetailsQuery } from '../../lib/shop-settings-query';

/** A similar item until the answer arrives; a line ordered without a choice takes the shop's anyway. */
export function useIfUnavailableDefault(): IfUnavailable {
  return useQuery(shopDetailsQuery).data?.ifUnavailable ?? DEFAULT_IF_UNAVAILABLE;
}
