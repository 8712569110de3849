// For a signed-in customer who has bought before: her last paid order, and 'Buy again', which puts
// its goods in the cart at today's prices and opens checkout (filled in from her profile). A
// returning customer on a new phone signs in and is one tap from paying for her usual order.
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Container } from '@/web/components/ui/container';
import { Button } from '@/web/components/ui/button';
import { useOrdersText } from '@/web/i18n/orders-text';
import { fetchOrders, type OrderSummary } from '../order-api';
import { orderKeys } from '../order-keys';
import { useReorder } from '../use-reorder';

/** The newest order she paid for (not cancelled or refunded). */
function lastPaidOrder(orders: readonly OrderSummary[]): OrderSummary | null {
  return orders.find((o) => o.status === 'completed') ?? null;
}

/** Shown only to a signed-in customer (buy-again-strip.tsx decides). */
export default function LastOrderStrip({ band }: { band: boolean }) {
  const orders = useQuery({
    queryKey: [...orderKeys.all, 'last'],
    queryFn: () => fetchOrders(),
    staleTime: 60_000,
  });
  const reorder = useReorder('order-again');
  const t = useOrdersText();
  const last = lastPaidOrder(orders.data?.orders ?? []);
  if (!last) return null;
  const goods = last.items.map((i) => `${i.product.name} × ${i.quantity}`).join(', ');
  const content = (
    <>
      <div className="min-w-0">
        <h2 id="buy-again-heading" className="text-sm font-semibold text-slate-900">
          {t('lastOrder', { number: last.orderNumber })}
        </h2>
        <p className="text-sm text-slate-700">{goods}</p>
      </div>
      <Button onClick={() => void reorder(last.id)} aria-describedby="buy-again-heading">
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {t('buyAgain')}
      </Button>
    </>
  );
  const row = 'flex flex-wrap items-center justify-between gap-3 py-3';
  return band ? (
    <section aria-labelledby="buy-again-heading" className="border-b border-brand-100 bg-brand-50">
      <Container className={row}>{content}</Container>
    </section>
  ) : (
    <section aria-labelledby="buy-again-heading" className={`${row} mb-6 rounded-lg border border-brand-100 bg-brand-50 px-4`}>
      {content}
    </section>
  );
}
