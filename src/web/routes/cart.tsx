import { ShoppingBag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/ui/link';
import { Container } from '../components/ui/container';
import { Button } from '../components/ui/button';
import { buttonClasses } from '../components/ui/button-classes';
import { Card, CardContent } from '../components/ui/card';
import { useSession } from '../features/account/use-session';
import { CartLineItem } from '../features/cart/components/cart-line-item';
import { CartNotices } from '../features/cart/components/cart-notices';
import { OrderSummary } from '../features/cart/components/order-summary';
import { DeliveryEstimate } from '../features/checkout/components/delivery-estimate';
import { useDeliveryArea } from '../features/checkout/use-delivery-area';
import { PromotionCodeField } from '../features/checkout/components/promotion-code-field';
import { discountedTotalsLines, usePromotion } from '../features/checkout/use-promotion';
import { cartLineKey } from '@/domain/cart';
import { computeCartTotals } from '@/domain/cart-totals';
import { deliveryPlaceName } from '@/domain/small-order';
import { useCart } from '../features/cart/use-cart';
import { useCartRecheck } from '../features/cart/use-cart-recheck';
import { WHATSAPP_TEXT } from '@/domain/whatsapp';
import { ChatOnWhatsApp } from '../features/content/components/chat-on-whatsapp';
import { useDocumentMeta } from '../lib/document-title';
import { useCartText } from '../i18n/cart-text';

export default function Cart() {
  const t = useCartText();
  useDocumentMeta(t('title'));
  const { lines, count } = useCart();
  const notices = useCartRecheck();
  const delivery = useDeliveryArea();
  // A code applied here is kept for checkout (use-promotion.ts), which applies it again.
  const promotion = usePromotion(lines, delivery.quote.status === 'ready' ? delivery.quote.feeCents : null);
  const promotionLines = discountedTotalsLines(lines, promotion.applied);
  const freeDelivery = computeCartTotals({
    lines: promotionLines,
    deliveryFeeCents: null,
    waiveDeliveryFee: promotion.applied?.freeDelivery ?? false,
  }).freeDelivery;
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = Boolean(session.data?.user);
  const heading = useRef<HTMLHeadingElement>(null);
  const lineCount = useRef(lines.length);
  useEffect(() => {
    // A removed line takes its focused button with it: keep a keyboard user on the cart, not at the page's top.
    if (lines.length < lineCount.current && document.activeElement === document.body) heading.current?.focus();
    lineCount.current = lines.length;
  }, [lines.length]);

  const proceed = () => {
    // Signed out: sign in first, then RequireAuth's 'from' brings the customer back to checkout.
    if (signedIn) navigate('/checkout');
    else navigate('/auth', { state: { from: { pathname: '/checkout' } } });
  };

  return (
    <Container className="py-10">
      <h1 ref={heading} tabIndex={-1} className="mb-6 text-3xl font-bold text-slate-900 focus:outline-none">
        {t('title')}
      </h1>
      <CartNotices notices={notices} />
      {lines.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <ShoppingBag aria-hidden="true" className="h-16 w-16 text-slate-500" />
          <h2 className="text-2xl font-semibold">{t('emptyTitle')}</h2>
          <p className="text-slate-600">{t('emptyText')}</p>
          <Link to="/shop" className={buttonClasses('default', 'lg')}>
            {t('continueShopping')}
          </Link>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-3">
          <section aria-label={t('itemsInCart')} className="lg:col-span-2">
            <ul className="divide-y divide-slate-200 border-y border-slate-200">
              {lines.map((line) => (
                <CartLineItem key={cartLineKey(line)} line={line} />
              ))}
            </ul>
            <Link to="/shop" className="tap mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
              {t('continueShopping')}
            </Link>
          </section>
          <Card className="h-fit">
            <CardContent className="space-y-4">
              <h2 className="text-lg font-semibold">{t('orderSummary')}</h2>
              <p className="text-sm text-slate-600">{t('itemCount', { count })}</p>
              <DeliveryEstimate delivery={delivery} freeDelivery={freeDelivery} />
              <OrderSummary
                lines={lines}
                delivery={
                  delivery.quote.status === 'ready'
                    ? {
                        feeCents: delivery.quote.feeCents,
                        taxBand: delivery.quote.feeTaxBand,
                        placeName: deliveryPlaceName(delivery.name ?? ''),
                        smallOrder: delivery.quote.smallOrder,
                      }
                    : null
                }
                promotion={
                  promotion.applied
                    ? { lines: promotionLines, label: promotion.applied.label, freeDelivery: promotion.applied.freeDelivery }
                    : null
                }
              />
              <PromotionCodeField promotion={promotion} id="cart-promotion-code" />
              <Button size="lg" className="w-full" onClick={proceed} aria-describedby={signedIn ? undefined : 'checkout-hint'}>
                {t('proceedToCheckout')}
              </Button>
              {!signedIn && (
                <p id="checkout-hint" className="text-sm text-slate-600">
                  {t('checkoutHint')}
                </p>
              )}
              <ChatOnWhatsApp text={WHATSAPP_TEXT.cart} />
            </CardContent>
          </Card>
        </div>
      )}
    </Container>
  );
}
