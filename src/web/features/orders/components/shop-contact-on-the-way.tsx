// While an order is out for delivery: the shop's phone and WhatsApp, so the customer can reach the
// shop (and through it the rider). Hidden until the merchant has saved a phone number.
import { PhoneLinks } from '@/web/components/ui/phone-links';
import { useShopDetails } from '../../content/use-shop-details';

export function ShopContactOnTheWay() {
  const { details, ready } = useShopDetails();
  const phone = details.phone.trim();
  if (!ready || phone === '') return null;
  return (
    <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-800" data-testid="shop-contact">
      Your order is on its way. Questions for the shop or the rider? <PhoneLinks phone={phone} who="the shop" />
    </p>
  );
}
