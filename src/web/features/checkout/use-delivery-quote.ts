// The delivery fee for the address on the checkout form. A picked place (coordinates known) is
// quoted at once; free text only after the customer stops typing for a second (the server geocodes
// it). Never one request per keystroke: the original fired a Distance Matrix call on each.
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { LatLng } from '@/domain/delivery-fee';
import type { Cents } from '@/domain/money';
import type { TaxBand } from '@/domain/tax-bands';
import type { SmallOrderPolicy } from '@/domain/small-order';
import { checkoutText } from '@/web/i18n/checkout-text';
import { fetchDeliveryFee, type AddressSuggestion } from './checkout-api';

const FREE_TEXT_PAUSE_MS = 1000;
const MIN_FREE_TEXT = 3;

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | {
      status: 'ready';
      feeCents: Cents;
      /** The fee's VAT band, as the shop set it. */
      feeTaxBand: TaxBand;
      /** The shop's 'Prices include VAT', as the server priced the fee. */
      pricesIncludeVat: boolean;
      zoneId: string;
      zoneName: string;
      estimatedMinutes: number | null;
      formattedDistance: string;
      /** The shop's origin as configured in the back office. */
      originLabel: string;
      /** The zone's minimum order or small-order fee (small-order.ts); the server enforces the same. */
      smallOrder: SmallOrderPolicy;
    }
  /** `choices`: the typed text matches several places; the customer picks one of them. */
  | { status: 'error'; message: string; choices?: AddressSuggestion[] };

/** `toastErrors`: a failure for a picked place also shows a toast (checkout); the cart's summary only says it inline. */
export function useDeliveryQuote(address: string, coordinates: LatLng | null, { toastErrors = true } = {}): QuoteState {
  // Each answer remembers the address it priced: a new address is 'loading' from the very render
  // that changes it, never showing the last address's fee and zone in between.
  const [quoted, setQuoted] = useState<{ key: string; state: QuoteState }>({ key: '', state: { status: 'idle' } });
  const lat = coordinates?.lat;
  const lng = coordinates?.lng;
  const key = JSON.stringify([address.trim(), lat ?? null, lng ?? null]);

  useEffect(() => {
    const setState = (state: QuoteState) => setQuoted({ key, state });
    const text = address.trim();
    const point = lat !== undefined && lng !== undefined ? { lat, lng } : null;
    if (!point && text.length < MIN_FREE_TEXT) {
      setState({ status: 'idle' });
      return;
    }
    // The old fee no longer applies while the new address is being priced.
    setState({ status: 'loading' });
    let current = true;
    const fail = (message: string, choices?: AddressSuggestion[]) => {
      if (!current) return;
      setState({ status: 'error', message, choices });
      // A place the customer picked deserves a toast; half-typed text only the inline message.
      if (point && toastErrors) toast.error(message);
    };
    const timer = setTimeout(
      () => {
        fetchDeliveryFee(text, point)
          .then((r) => {
            if (!current) return;
            setState({
              status: 'ready',
              feeCents: r.deliveryFeeCents,
              feeTaxBand: r.deliveryFeeTaxBand,
              pricesIncludeVat: r.pricesIncludeVat,
              zoneId: r.zoneId,
              zoneName: r.zoneName,
              estimatedMinutes: r.estimatedMinutes,
              formattedDistance: r.formattedDistance,
              originLabel: r.originLabel,
              smallOrder: r.smallOrder,
            });
          })
          .catch((err: unknown) => fail(errorMessage(err, checkoutText('feeError')), err instanceof ApiError ? err.choices : undefined));
      },
      point ? 0 : FREE_TEXT_PAUSE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [address, lat, lng, toastErrors, key]);

  if (quoted.key === key) return quoted.state;
  const pointless = lat === undefined || lng === undefined;
  return pointless && address.trim().length < MIN_FREE_TEXT ? { status: 'idle' } : { status: 'loading' };
}
