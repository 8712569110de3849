// While an order is out for delivery: the shop's phone and WhatsApp, so the customer can reach the
// shop (and through it the rider). Hidden until the merchant has saved a phone number.
import { PhoneLinks } from '@/web/components/ui/phone-links';
import { useShopDetails } from '../../content/use-shop-details';
import { useOrdersText } from '@/web/i18n/orders-text';

export function ShopContactOnTheWay() {
  const { details, ready } = useShopDetails();
  const t = useOrdersText();
  const phone = details.phone.trim();
  if (!ready || phone === '') return null;
  return (
    <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-800" data-testid="shop-contact">
      {t('onItsWay')} <PhoneLinks phone={phone} who="the shop" />
    </p>
  );
}
