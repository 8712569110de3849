// schema.org descriptions of the shop's pages (JSON-LD): a product with its offer in KES, an
// article, and the shop itself as a Store with its address, phone and opening hours.
import { OPENING_HOURS } from './business-hours';
import { centsToDecimalString } from './money';
import { absoluteUrl } from './page-head';

export interface ProductFacts {
  name: string;
  description: string;
  slug: string;
  category: string;
  priceCents: number;
  stock: number;
  imageUrl: string | null;
  /** A product with options: one Offer per variant sold (named variants only). */
  variants?: readonly { id: string; name: string; priceCents: number; stock: number; sku: string | null }[];
}

export function productJsonLd(p: ProductFacts, origin: string, shopName: string): object {
  const named = (p.variants ?? []).filter((v) => v.name !== '');
  const offer = (priceCents: number, stock: number, path: string) => ({
    '@type': 'Offer',
    priceCurrency: 'KES',
    // schema.org's Offer price is a decimal text: '450.00'.
    price: centsToDecimalString(priceCents),
    availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: absoluteUrl(origin, path),
    seller: { '@type': 'Organization', name: shopName },
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    category: p.category,
    ...(p.imageUrl ? { image: absoluteUrl(origin, p.imageUrl) } : {}),
    url: absoluteUrl(origin, `/shop/${p.slug}`),
    brand: { '@type': 'Brand', name: shopName },
    offers:
      named.length > 0
        ? named.map((v) => ({
            ...offer(v.priceCents, v.stock, `/shop/${p.slug}?variant=${v.id}`),
            name: v.name,
            ...(v.sku ? { sku: v.sku } : {}),
          }))
        : offer(p.priceCents, p.stock, `/shop/${p.slug}`),
  };
}

export interface PostFacts {
  title: string;
  slug: string;
  description: string;
  createdAt: string;
  updatedAt?: string;
  image: string | null;
}

export function blogPostingJsonLd(p: PostFacts, origin: string, shopName: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: p.title,
    description: p.description,
    datePublished: p.createdAt,
    dateModified: p.updatedAt ?? p.createdAt,
    ...(p.image ? { image: absoluteUrl(origin, p.image) } : {}),
    mainEntityOfPage: absoluteUrl(origin, `/blog/${p.slug}`),
    author: { '@type': 'Organization', name: shopName },
    publisher: { '@type': 'Organization', name: shopName },
  };
}

export interface StoreFacts {
  address: string;
  phone: string;
  email: string;
  sameAs: readonly string[];
}

export function storeJsonLd(s: StoreFacts, origin: string, shopName: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shopName,
    url: absoluteUrl(origin, '/'),
    image: absoluteUrl(origin, '/og-image.png'),
    ...(s.phone ? { telephone: s.phone.replace(/[^\d+]/g, '') } : {}),
    ...(s.email ? { email: s.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address,
      addressLocality: 'Nairobi',
      addressCountry: 'KE',
    },
    currenciesAccepted: 'KES',
    paymentAccepted: 'M-Pesa, Card',
    openingHoursSpecification: OPENING_HOURS.filter((h) => h.opens).map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.dayOfWeek,
      opens: h.opens,
      closes: h.closes,
    })),
    ...(s.sameAs.length ? { sameAs: s.sameAs } : {}),
  };
}
