import type { CartNotice } from '@/domain/cart-recheck';
import { formatKES } from '@/domain/money';
import { Alert } from '@/web/components/ui/alert';

function noticeText(n: CartNotice): string {
  switch (n.kind) {
    case 'price':
      return `The price of ${n.name} changed from ${formatKES(n.fromCents)} to ${formatKES(n.toCents)}.`;
    case 'stock':
      return `Only ${n.quantity} of ${n.name} left in stock: your quantity is now ${n.quantity}.`;
    case 'unavailable':
      return `${n.name} is no longer available and was removed from your cart.`;
  }
}

/** What the server re-check changed in the cart since it was filled. */
export function CartNotices({ notices }: { notices: CartNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <Alert tone="warning" title="Your cart was updated" className="mb-6">
      <ul className="list-disc space-y-1 pl-5">
        {notices.map((n, i) => (
          <li key={`${n.kind}-${n.productId}-${i}`}>{noticeText(n)}</li>
        ))}
      </ul>
    </Alert>
  );
}
