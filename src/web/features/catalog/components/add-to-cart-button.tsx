import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { cartLineKey, MAX_LINE_QUANTITY, MAX_ORDER_LINES, type CartLine, type CartProduct } from '@/domain/cart';
import { Button, type ButtonSize } from '@/web/components/ui/button';
import { cartStore } from '../../cart/cart-store';
import { toCartProduct, type ProductDto, type ProductVariantDto } from '../api';
import { useCatalogText } from '../../../i18n/catalog-text';

/** The button reads 'Adding...' for half a second after a click. */
const ADDING_MS = 500;

export interface AddToCartButtonProps {
  product: ProductDto;
  /** The chosen variant of a product with options (the product page). */
  variant?: ProductVariantDto | undefined;
  /** How many to add with one click (the product page's quantity choice); 1 elsewhere. */
  quantity?: number;
  size?: ButtonSize;
  className?: string;
}

type CatalogText = ReturnType<typeof useCatalogText>;

/** Why adding `product` to `lines` (the cart before the add) put nothing in: the cases of src/domain/cart's cartLimitMessage. */
function cartLimitText(t: CatalogText, lines: readonly CartLine[], product: CartProduct): string {
  const inCart = lines.some((line) => cartLineKey(line) === cartLineKey(product));
  if (!inCart && lines.length >= MAX_ORDER_LINES) return t('limitProducts', { max: MAX_ORDER_LINES });
  if (product.stock > MAX_LINE_QUANTITY) return t('limitPerProduct', { max: MAX_LINE_QUANTITY });
  return t('allInCart', { stock: product.stock });
}

export function AddToCartButton({ product, variant, quantity = 1, size, className }: AddToCartButtonProps) {
  const t = useCatalogText();
  const [adding, setAdding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const item = toCartProduct(product, variant);
  if (item.stock <= 0) {
    return (
      <Button size={size} className={className} disabled>
        {t('outOfStock')}
      </Button>
    );
  }

  const add = () => {
    if (adding) return;
    // The cart caps a line at stock (and an order's limits): say so instead of claiming an add that did not happen.
    const before = cartStore.getSnapshot();
    if (cartStore.add(item, quantity) > 0) toast.success(t('addedToCart', { name: item.name }));
    else toast.warning(cartLimitText(t, before, item));
    setAdding(true);
    timer.current = setTimeout(() => setAdding(false), ADDING_MS);
  };

  return (
    // aria-disabled rather than disabled while adding: a disabled button would drop keyboard focus.
    <Button size={size} className={className} onClick={add} aria-disabled={adding}>
      <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      {adding ? t('adding') : t('addToCart')}
    </Button>
  );
}
