import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { useSession } from '../features/account/use-session';
import { CartNotices } from '../features/cart/components/cart-notices';
import { useCart } from '../features/cart/use-cart';
import { useCartRecheck } from '../features/cart/use-cart-recheck';
import { CheckoutForm } from '../features/checkout/components/checkout-form';
import { useCancelledPaymentReturn } from '../features/payments/use-cancelled-return';
import { useDocumentMeta } from '../lib/document-title';
import { useCheckoutText } from '../i18n/checkout-text';

// /checkout (signed in): a visitor is sent to /auth with 'Please log in to continue with checkout.',
// an empty cart to /cart (but not while a payment is open).
export default function Checkout() {
  const t = useCheckoutText();
  useDocumentMeta(t('pageTitle'));
  const session = useSession();
  const { lines } = useCart();
  const notices = useCartRecheck();
  useCancelledPaymentReturn();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = !session.isPending && !session.data?.user;
  // A paid order clears the cart while the payment modal is still open: keep showing what was bought.
  const [paying, setPaying] = useState(false);
  const lastLines = useRef(lines);
  if (lines.length > 0) lastLines.current = lines;

  useEffect(() => {
    if (!signedOut) return;
    toast.error(t('loginRequired'), { id: 'checkout-login' });
    navigate('/auth', { replace: true, state: { from: location } });
  }, [signedOut, navigate, location, t]);

  if (session.isPending || signedOut || !session.data) return <PageSkeleton />;
  if (lines.length === 0 && !paying) return <Navigate to="/cart" replace />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">{t('pageTitle')}</h1>
      <CartNotices notices={notices} />
      <CheckoutForm lines={lastLines.current} session={session.data} onPaymentOpenChange={setPaying} />
    </div>
  );
}
