import { Package } from 'lucide-react';
import { formatKES } from '@/domain/money';
import { DEFAULT_IF_UNAVAILABLE } from '@/domain/line-choices';
import { srcSetFor } from '@/web/components/ui/image-sources';
import { useOrdersText } from '@/web/i18n/orders-text';
import type { OrderItemView } from '../order-api';
import { ifUnavailableText, packedLineText } from '../order-words';

/** The lines of an order: picture (or a placeholder), name, quantity × unit price, line total. */
export function OrderItemList({ items }: { items: readonly OrderItemView[] }) {
  const t = useOrdersText();
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 py-3">
          {item.product.imageUrl ? (
            <img
              src={item.product.imageUrl}
              srcSet={srcSetFor(item.product.imageUrl)}
              sizes="56px"
              alt=""
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              className="h-14 w-14 shrink-0 rounded-md bg-slate-100 object-cover"
            />
          ) : (
            <span
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600"
              data-testid="image-placeholder"
            >
              <Package aria-hidden="true" className="h-6 w-6" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            {/* The whole name, on two lines if it needs them: a cut name hides the size that tells two packs apart. */}
            <p className="font-medium break-words">{item.product.name}</p>
            <p className="text-sm text-slate-600">
              {item.quantity} × {formatKES(item.unitPriceCents)}
            </p>
            {/* The shop's usual choice goes without saying; another one, or a note, is shown. */}
            {item.ifUnavailable !== DEFAULT_IF_UNAVAILABLE && (
              <p className="text-sm text-slate-600">{ifUnavailableText(item.ifUnavailable, t)}</p>
            )}
            {item.note && <p className="text-sm text-slate-600 break-words">{t('lineNote', { note: item.note })}</p>}
            {/* Once packed: the real weight, the substitute, or that it ran out, and what comes back. */}
            {item.packing && packedLineText(item.packing, t) && (
              <p className="text-sm font-medium text-slate-800" data-testid="packed-line">
                {packedLineText(item.packing, t)}
              </p>
            )}
          </div>
          <p className="font-semibold">{formatKES(item.lineTotalCents)}</p>
        </li>
      ))}
    </ul>
  );
}
