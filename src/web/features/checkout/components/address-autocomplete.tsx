// The delivery address with suggestions from the server (Google Places or the offline Nairobi
// gazetteer): from 2 characters, 300 ms after the last keystroke, in the shared accessible combobox
// (arrows move, Enter picks, Escape closes). Picking fetches the place's coordinates. Text that names
// several places is not priced: the server's choices are listed under the box to pick from.
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { LatLng } from '@/domain/delivery-fee';
import { Combobox } from '@/web/components/ui/combobox';
import { fetchPlaceDetails, fetchPredictions, type AddressSuggestion } from '../checkout-api';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { useCheckoutText } from '@/web/i18n/checkout-text';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

export interface PickedAddress {
  address: string;
  coordinates: LatLng;
  /** The server's signature over address and coordinates; the order sends it back. */
  placeToken: string;
}

export interface AddressAutocompleteProps {
  id: string;
  /** 'Delivery Address' unless given. */
  label?: string;
  value: string;
  /** The customer typed: the text changed and no place is picked any more. */
  onType(value: string): void;
  onPick(place: PickedAddress): void;
  error?: string;
  /** Places the server asks the customer to choose from (the typed text matched several). */
  choices?: readonly AddressSuggestion[];
  required?: boolean;
}

const newSessionToken = () => crypto.randomUUID();
const predictionKey = (p: AddressSuggestion) => p.placeId;

function PredictionText({ prediction }: { prediction: AddressSuggestion }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{prediction.mainText}</span>
      <span className="block text-xs text-slate-600">{prediction.secondaryText}</span>
    </>
  );
}

export function AddressAutocomplete({ id, label, value, onType, onPick, error, choices = [], required }: AddressAutocompleteProps) {
  const t = useCheckoutText();
  const [predictions, setPredictions] = useState<AddressSuggestion[]>([]);
  const [picking, setPicking] = useState(false);
  // Suggestions are asked for only after typing, not for a prefilled or picked address.
  const [typed, setTyped] = useState(false);
  // One token per search session (Google bills a session, not each keystroke); renewed after a pick.
  const sessionToken = useRef(newSessionToken());
  const query = useDebouncedValue(value.trim(), DEBOUNCE_MS);

  useEffect(() => {
    if (!typed || query.length < MIN_CHARS) {
      setPredictions([]);
      return;
    }
    let current = true;
    void fetchPredictions(query, sessionToken.current).then((list) => {
      if (current) setPredictions(list);
    });
    return () => {
      current = false;
    };
  }, [query, typed]);

  const pick = async (prediction: AddressSuggestion) => {
    setTyped(false);
    setPicking(true);
    try {
      const details = await fetchPlaceDetails(prediction.placeId, sessionToken.current);
      onPick({ address: details.address || prediction.description, coordinates: details.coordinates, placeToken: details.placeToken });
      toast.success(t('addressSelected'));
    } catch {
      // The typed text stays; the fee is then worked out from the text itself.
      toast.error(t('placeDetailsFailed'));
    } finally {
      sessionToken.current = newSessionToken();
      setPicking(false);
    }
  };

  return (
    <div>
      <Combobox
        id={id}
        label={label ?? t('deliveryAddress')}
        name="delivery-address"
        placeholder={t('addressPlaceholder')}
        hint={t('addressHint')}
        value={value}
        onValueChange={(text) => {
          onType(text);
          setTyped(true);
        }}
        options={predictions}
        optionKey={predictionKey}
        renderOption={(p) => <PredictionText prediction={p} />}
        onSelect={(p) => void pick(p)}
        listLabel={t('addressSuggestions')}
        error={error}
        busy={picking}
        required={required}
      />
      {choices.length > 0 && (
        <ul aria-label={t('chooseYourArea')} className="mt-2 space-y-1">
          {choices.map((p) => (
            <li key={p.placeId}>
              <button
                type="button"
                className="w-full rounded-md border border-slate-300 px-3 py-2 text-left text-sm hover:bg-slate-50"
                disabled={picking}
                onClick={() => void pick(p)}
              >
                <PredictionText prediction={p} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
