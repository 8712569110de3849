import { Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cartLineKey, lineLimit, MAX_LINE_QUANTITY, type CartLine } from '@/domain/cart';
import { formatKES, multiplyCents } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { ProductImage } from '../../../components/ui/product-image';
import { cartStore } from '../cart-store';
import { perKgPrice } from '../../../lib/per-kg-price';
import { useCartText } from '../../../i18n/cart-text';

/** Quantity buttons lock for 300 ms after use, so a double tap counts once. */
const QUANTITY_LOCK_MS = 300;

export function CartLineItem({ line }: { line: CartLine }) {
  const t = useCartText();
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (qty: number) => {
    if (locked) return;
    cartStore.setQuantity(cartLineKey(line), qty); // 0 removes the line (src/domain/cart)
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), QUANTITY_LOCK_MS);
  };
  const atStock = line.quantity >= lineLimit(line.stock);
  const perKg = perKgPrice(line.priceCents, line.weightGrams ?? null, line.pricePerKgCents);
  const limitNote =
    line.stock > MAX_LINE_QUANTITY ? t('limitPerProduct', { max: MAX_LINE_QUANTITY }) : t('onlyInStock', { stock: line.stock });

  return (
    <li className="flex gap-4 py-4" aria-label={line.name}>
      <div className="w-24 shrink-0 overflow-hidden rounded-md sm:w-28">
        <ProductImage productId={line.productId} name={line.name} category={line.category} imageUrl={line.imageUrl} eager sizes="112px" />
      </div>
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 className="font-semibold text-slate-900">{line.name}</h2>
            <p className="text-sm text-slate-600">
              {t(line.pricePerKgCents !== undefined ? 'priceEachEstimated' : 'priceEach', { price: formatKES(line.priceCents) })}
            </p>
            {perKg && <p className="text-sm text-slate-600">{t('perKg', { price: perKg })}</p>}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0"
            aria-label={t('removeLine', { name: line.name })}
            onClick={() => cartStore.remove(cartLineKey(line))}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
          </Button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2" role="group" aria-label={t('quantityOf', { name: line.name })}>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('decreaseQuantity')}
              aria-disabled={locked || undefined}
              onClick={() => change(line.quantity - 1)}
            >
              <Minus aria-hidden="true" className="h-4 w-4" />
            </Button>
            <output className="w-8 text-center font-semibold" aria-live="polite" aria-label={t('quantity')}>
              {line.quantity}
            </output>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('increaseQuantity')}
              aria-disabled={!atStock && locked ? true : undefined}
              disabled={atStock}
              title={atStock ? limitNote : undefined}
              onClick={() => change(line.quantity + 1)}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
          <p className="font-semibold text-slate-900">{formatKES(multiplyCents(line.priceCents, line.quantity))}</p>
        </div>
      </div>
    </li>
  );
}
