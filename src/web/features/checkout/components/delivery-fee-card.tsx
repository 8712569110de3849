// The delivery fee as the customer sees it: zone, distance and time from the shop's origin (as the
// server reports it: the back office can move it), free delivery from KES 2,000 (just FREE: no
// struck-through fee that never applied), the nudge towards free delivery, and the peak-hour notice
// in Nairobi time.
import { Clock, MapPin, Truck } from 'lucide-react';
import type { CartTotals } from '@/domain/cart-totals';
import { formatAmount, formatKES } from '@/domain/money';
import { isPeakHour } from '@/domain/peak-hours';
import { useCheckoutText } from '@/web/i18n/checkout-text';
import type { QuoteState } from '../use-delivery-quote';

export function DeliveryFeeCard({ quote, totals, now }: { quote: QuoteState; totals: CartTotals; now: Date }) {
  const t = useCheckoutText();
  return (
    <section aria-labelledby="delivery-fee-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="delivery-fee-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Truck aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('deliveryFeeHeading')}
      </h2>
      <div aria-live="polite">
        <QuoteDetails quote={quote} freeDelivery={totals.freeDelivery} />
      </div>
      {quote.status === 'ready' && quote.originLabel && (
        <p data-testid="delivery-origin" className="flex items-center gap-1 text-xs text-slate-600">
          <MapPin aria-hidden="true" className="h-4 w-4" /> {t('fromOrigin', { origin: quote.originLabel })}
        </p>
      )}
      {totals.amountToFreeDeliveryCents !== null && (
        <p className="rounded-md bg-brand-50 p-2 text-sm font-medium text-brand-800">
          {t('freeDeliveryPrompt', { amount: formatAmount(totals.amountToFreeDeliveryCents) })}
        </p>
      )}
      {isPeakHour(now) && (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <Clock aria-hidden="true" className="h-4 w-4" /> {t('peakHourNotice')}
        </p>
      )}
    </section>
  );
}

function QuoteDetails({ quote, freeDelivery }: { quote: QuoteState; freeDelivery: boolean }) {
  const t = useCheckoutText();
  if (quote.status === 'idle') return <p className="text-sm text-slate-600">{t('chooseAddressForFee')}</p>;
  if (quote.status === 'loading') return <p className="text-sm text-slate-600">{t('calculatingFee')}</p>;
  if (quote.status === 'error') {
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {quote.message}
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">{t('fee')}</dt>
      <dd data-testid="delivery-fee" className="font-semibold">
        {freeDelivery ? <span className="text-green-800">{t('free')}</span> : formatKES(quote.feeCents)}
      </dd>
      <dt className="text-slate-600">{t('zone')}</dt>
      <dd data-testid="delivery-zone">{quote.zoneName}</dd>
      <dt className="text-slate-600">{t('distance')}</dt>
      <dd data-testid="delivery-distance">{quote.formattedDistance}</dd>
      {quote.estimatedMinutes !== null && (
        <>
          <dt className="text-slate-600">{t('estimatedTime')}</dt>
          <dd data-testid="delivery-time">{t('minutes', { minutes: quote.estimatedMinutes })}</dd>
        </>
      )}
    </dl>
  );
}
