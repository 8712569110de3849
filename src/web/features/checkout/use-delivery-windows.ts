// The delivery windows offered for the address's zone, and the one the customer chose: the soonest
// with a place until they pick another. Places change with every order, so they are asked for fresh.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchDeliveryWindows, type DeliveryWindows } from './checkout-api';

export interface WindowChoice {
  windowId: string;
  date: string;
}

export function useDeliveryWindows(zoneId: string | null) {
  const q = useQuery({
    queryKey: ['checkout', 'delivery-windows', zoneId],
    queryFn: () => fetchDeliveryWindows(zoneId!),
    enabled: zoneId !== null,
    staleTime: 0,
  });
  const [picked, setPicked] = useState<WindowChoice | null>(null);
  const data: DeliveryWindows | undefined = q.data;
  // The customer's pick holds while it is still offered and has a place; else the server's first choice.
  const stillFree = picked && data?.slots.some((s) => s.windowId === picked.windowId && s.date === picked.date && !s.full);
  const chosen = stillFree ? picked : (data?.chosen ?? null);
  return {
    status: zoneId === null ? ('idle' as const) : q.isPending ? ('loading' as const) : q.isError ? ('error' as const) : ('ready' as const),
    slots: data?.slots ?? [],
    closedNotice: data?.closedNotice ?? null,
    chosen,
    choose: setPicked,
    refresh: () => void q.refetch(),
  };
}

export type DeliveryWindowsState = ReturnType<typeof useDeliveryWindows>;
