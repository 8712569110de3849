// The shop's own contact details, shown in the footer and on the contact page and edited by the
// merchant in the back office. The defaults are what the shop shows until the merchant saves them;
// the phones and the social links have none: an empty one is not shown, rather than a placeholder.
// Free of zod: the footer is in the first download. The form rules are in shop-details-schema.ts.
import { MESSAGES } from './messages';

export interface ShopDetails {
  address: string;
  phone: string;
  /** The number customers chat with on WhatsApp ('Chat on WhatsApp' on product, cart and order pages). */
  whatsapp: string;
  email: string;
  facebookUrl: string;
  instagramUrl: string;
  xUrl: string;
}

export const DEFAULT_SHOP_DETAILS: Readonly<ShopDetails> = Object.freeze({
  address: 'Kogo Star Plaza, Ground floor, Nairobi West, off Maimahiu Rd, Nairobi',
  phone: '',
  whatsapp: '',
  email: 'info@lakevictoriaaquaculture.com',
  facebookUrl: '',
  instagramUrl: '',
  xUrl: '',
});

/** What customers cannot see until the merchant fills it in (the back office lists these). */
export function missingShopDetails(d: ShopDetails): string[] {
  const optional: [string, string][] = [
    ['Phone', d.phone],
    ['WhatsApp number', d.whatsapp],
    ['Facebook page', d.facebookUrl],
    ['Instagram page', d.instagramUrl],
    ['X (Twitter) page', d.xUrl],
  ];
  return optional.filter(([, value]) => value.trim() === '').map(([label]) => label);
}

export const SHOP_DETAILS_MESSAGES = {
  address: 'Address is required',
  addressTooLong: 'Address must be 300 characters or fewer',
  phone: MESSAGES.invalidPhone,
  email: MESSAGES.invalidEmail,
  url: 'Links must start with https:// (or be left empty)',
} as const;

/** The social links the storefront shows: only those the merchant filled in. */
export function socialLinks(d: ShopDetails): { label: string; href: string }[] {
  const all = [
    { label: 'Facebook', href: d.facebookUrl },
    { label: 'Instagram', href: d.instagramUrl },
    { label: 'X (Twitter)', href: d.xUrl },
  ];
  return all.filter((l) => l.href !== '');
}

/** 'tel:' target for a displayed number ('+254 700 000 000' → '+254700000000'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
