// 'Delivery to {area}: KES x' before checkout (the cart, a product page): the fee for the customer's
// chosen or profile area, with 'Change area' opening the same address suggestions as checkout (no
// sign-in needed). Free delivery says FREE and nothing else; a place past the farthest zone says the
// shop does not deliver there yet.
import { MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { formatKES } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import { areaName } from '../delivery-area';
import type { DeliveryAreaState } from '../use-delivery-area';
import { AddressAutocomplete } from './address-autocomplete';

export interface DeliveryEstimateProps {
  delivery: DeliveryAreaState;
  /** The cart's subtotal reaches free delivery. */
  freeDelivery: boolean;
}

export function DeliveryEstimate({ delivery, freeDelivery }: DeliveryEstimateProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const inputId = useId();
  const t = useCheckoutText();
  const { name, quote } = delivery;

  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="delivery-estimate" aria-live="polite" className="flex items-start gap-1.5">
          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          <span>
            {name === null ? (
              t('chooseAreaForFee')
            ) : (
              <>
                {t('deliveryTo', { area: name })} <Fee quote={quote} freeDelivery={freeDelivery} />
              </>
            )}
          </span>
        </p>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {name === null ? t('chooseArea') : t('changeArea')}
          </Button>
        )}
      </div>
      {quote.status === 'error' && name !== null && (
        <p role="alert" className="font-medium text-red-700">
          {quote.message}
        </p>
      )}
      {editing && (
        <AddressAutocomplete
          id={inputId}
          label={t('yourDeliveryArea')}
          value={text}
          onType={setText}
          onPick={(place) => {
            delivery.choose({ ...place, name: areaName(place.address) });
            setText('');
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}

function Fee({ quote, freeDelivery }: { quote: DeliveryAreaState['quote']; freeDelivery: boolean }) {
  const t = useCheckoutText();
  if (quote.status === 'ready') {
    return <strong className={freeDelivery ? 'text-green-800' : undefined}>{freeDelivery ? t('free') : formatKES(quote.feeCents)}</strong>;
  }
  if (quote.status === 'error') return <strong>{t('notAvailable')}</strong>;
  return <span className="text-slate-600">{t('calculatingLower')}</span>;
}
