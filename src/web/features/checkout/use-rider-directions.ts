// The rider's notes (building, directions) on the checkout form, prefilled from the customer's last
// order unless they have started typing here.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RiderDirections } from '@/domain/rider-directions';
import { fetchLastRiderDirections } from './checkout-api';

export function useRiderDirections() {
  const [rider, setRider] = useState<RiderDirections>({ building: '', directions: '' });
  const touched = useRef(false);
  const last = useQuery({ queryKey: ['checkout', 'last-delivery'], queryFn: fetchLastRiderDirections });
  useEffect(() => {
    if (last.data && !touched.current) setRider(last.data);
  }, [last.data]);
  const setRiderField = (field: keyof RiderDirections, value: string) => {
    touched.current = true;
    setRider((r) => ({ ...r, [field]: value }));
  };
  return { rider, setRiderField };
}
