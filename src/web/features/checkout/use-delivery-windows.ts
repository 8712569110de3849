// The delivery windows offered for the address's zone, and the one the customer chose: the server's
// first choice (the soonest with a place, at her usual time of day if she has one) until she picks another. Places change with every order, so they are asked for fresh.
// The pick is kept for the browser tab (sessionStorage): a customer who closes Pesapal's page and
// comes back to checkout finds the window they chose, not the soonest one again.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchDeliveryWindows, fetchPickup, type DeliveryWindows } from './checkout-api';

export interface WindowChoice {
  windowId: string;
  date: string;
  /** The customer picked it herself: its time of day becomes her usual one (the server offers that first). */
  picked?: boolean;
}

export function useDeliveryWindows(zoneId: string | null) {
  const q = useQuery({
    queryKey: ['checkout', 'delivery-windows', zoneId],
    queryFn: () => fetchDeliveryWindows(zoneId!),
    enabled: zoneId !== null,
    staleTime: 0,
  });
  const [picked, setPicked] = useState<WindowChoice | null>(storedPick);
  const choose = (pick: WindowChoice | null) => {
    setPicked(pick);
    storePick(pick);
  };
  const data: DeliveryWindows | undefined = q.data;
  // The customer's pick holds while it is still offered and has a place; else the server's first choice.
  const stillFree = picked && data?.slots.some((s) => s.windowId === picked.windowId && s.date === picked.date && !s.full);
  const chosen = stillFree ? { windowId: picked.windowId, date: picked.date, picked: true } : (data?.chosen ?? null);
  return {
    status: zoneId === null ? ('idle' as const) : q.isPending ? ('loading' as const) : q.isError ? ('error' as const) : ('ready' as const),
    slots: data?.slots ?? [],
    closedNotice: data?.closedNotice ?? null,
    chosen,
    choose,
    refresh: () => void q.refetch(),
  };
}

export type DeliveryWindowsState = ReturnType<typeof useDeliveryWindows>;

/**
 * Collection at the shop: whether it is offered, where, and its windows, chosen like delivery
 * windows (the server's first choice until the customer picks another; not kept for the tab).
 */
export function usePickup() {
  const q = useQuery({ queryKey: ['checkout', 'pickup'], queryFn: fetchPickup, staleTime: 0 });
  const [picked, setPicked] = useState<WindowChoice | null>(null);
  const data = q.data?.enabled ? q.data : null;
  const stillFree = picked && data?.slots.some((s) => s.windowId === picked.windowId && s.date === picked.date && !s.full);
  const windows: DeliveryWindowsState = {
    status: q.isPending ? 'loading' : q.isError ? 'error' : 'ready',
    slots: data?.slots ?? [],
    closedNotice: null,
    chosen: stillFree ? { windowId: picked.windowId, date: picked.date, picked: true } : (data?.chosen ?? null),
    choose: setPicked,
    refresh: () => void q.refetch(),
  };
  return { offered: data !== null, instructions: data?.instructions ?? '', windows };
}

const STORAGE_KEY = 'checkout:window';

function storedPick(): WindowChoice | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (value && typeof value === 'object' && 'windowId' in value && 'date' in value) {
      const { windowId, date } = value as Record<string, unknown>;
      if (typeof windowId === 'string' && typeof date === 'string') return { windowId, date };
    }
  } catch {
    // storage disabled or garbled: the soonest window
  }
  return null;
}

function storePick(pick: WindowChoice | null): void {
  try {
    if (pick) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pick));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: the pick lasts as long as the page
  }
}
