import { Link } from '../../../components/ui/link';
import { shellIcon } from '../../../components/ui/shell-icon';
import { useCartCount } from '../use-cart-count';
import { useCartLinkText } from '../../../i18n/cart-link-text';

const CART_ICON = shellIcon('ShoppingCart', 'h-5 w-5');

export function CartLink() {
  const t = useCartLinkText();
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      className="relative inline-flex items-center rounded-md p-2 max-sm:p-3 hover:bg-slate-100"
      // 'Cart', 'Cart, 1 item', 'Cart, 3 items': the badge's number is read out with the link.
      aria-label={t('label', { count })}
    >
      {CART_ICON}
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
