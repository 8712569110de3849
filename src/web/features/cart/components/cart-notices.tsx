import type { CartNotice } from '@/domain/cart-recheck';
import { formatKES } from '@/domain/money';
import { Alert } from '@/web/components/ui/alert';
import { useCartText } from '../../../i18n/cart-text';

type CartText = ReturnType<typeof useCartText>;

function noticeText(t: CartText, n: CartNotice): string {
  switch (n.kind) {
    case 'price':
      return t('noticePrice', { name: n.name, from: formatKES(n.fromCents), to: formatKES(n.toCents) });
    case 'stock':
      return t('noticeStock', { name: n.name, quantity: n.quantity });
    case 'unavailable':
      return t('noticeUnavailable', { name: n.name });
  }
}

/** What the server re-check changed in the cart since it was filled. */
export function CartNotices({ notices }: { notices: CartNotice[] }) {
  const t = useCartText();
  if (notices.length === 0) return null;
  return (
    <Alert tone="warning" title={t('updatedTitle')} className="mb-6">
      <ul className="list-disc space-y-1 pl-5">
        {notices.map((n, i) => (
          <li key={`${n.kind}-${n.productId}-${i}`}>{noticeText(t, n)}</li>
        ))}
      </ul>
    </Alert>
  );
}
