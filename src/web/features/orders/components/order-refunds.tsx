import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderDetail } from '../order-api';

/** The refunds of the order, made or on their way: when, why, how much. */
export function OrderRefunds({ refunds }: { refunds: OrderDetail['refunds'] }) {
  const t = useOrdersText();
  if (refunds.length === 0) return null;
  return (
    <div data-testid="order-refunds">
      <h3 className="text-sm font-semibold">{t('refunds')}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {refunds.map((r, i) => (
          <li key={`${r.at}-${i}`} className="flex flex-wrap justify-between gap-x-3">
            <span>
              <span className="text-slate-600">{formatNairobiDateTime(r.at)}: </span>
              {r.reason}
              {r.status === 'requested' && <span className="text-slate-600"> {t('onItsWayToYou')}</span>}
            </span>
            <span className="tabular-nums">{formatKES(r.amountCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
