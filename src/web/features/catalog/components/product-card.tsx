import { Link } from '../../../components/ui/link';
import { formatKES } from '@/domain/money';
import { Badge } from '@/web/components/ui/badge';
import type { ProductDto } from '../api';
import { AddToCartButton } from './add-to-cart-button';
import { ProductImage } from '../../../components/ui/product-image';
import { WasPrice } from '../../../components/ui/was-price';
import { useCatalogText } from '../../../i18n/catalog-text';
import { perKgPrice } from '../../../lib/per-kg-price';

export interface ProductCardProps {
  product: ProductDto;
  eager?: boolean;
  /** 'high' for the page's largest picture (LCP), 'low' for the rest of the first screen. */
  priority?: 'high' | 'low';
  /** The picture's rendered width at each layout (the grid knows it). */
  imageSizes?: string;
  /** h2 under the page title (/shop), h3 under a section title (home). */
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, eager, priority, imageSizes, headingLevel = 2 }: ProductCardProps) {
  const t = useCatalogText();
  const soldOut = product.stock <= 0;
  // Sold by the kilo: its own per-kg price; else one derived from the single variant's weight.
  const perKg = perKgPrice(product.priceCents, product.weightGrams ?? null, product.pricePerKgCents);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // The whole card opens the product's page (the name's link stretches over it); Add to Cart sits
    // above that link, so it stays its own button and its own tab stop.
    <article
      className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
      aria-label={product.name}
    >
      <div className="relative">
        <ProductImage
          productId={product.id}
          name={product.name}
          category={product.category}
          imageUrl={product.imageUrl}
          eager={eager}
          priority={priority}
          sizes={imageSizes}
        />
        {soldOut && (
          <Badge tone="danger" className="absolute left-2 top-2">
            {t('outOfStock')}
          </Badge>
        )}
      </div>
      {/* On a phone the card is compact (two columns): picture, name, price and button; the
          category and the description are on the product's page. */}
      <div className="flex flex-1 flex-col gap-2 p-4 max-sm:gap-1 max-sm:p-2.5">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 max-sm:hidden">{product.category}</p>
        <Heading className="text-base font-semibold text-slate-900 max-sm:text-sm">
          <Link to={`/shop/${product.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.name}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-slate-600 max-sm:hidden">{product.description}</p>
        <p className="mt-auto pt-2 text-lg font-bold text-slate-900 max-sm:pt-1 max-sm:text-base">
          {product.fromPrice ? t('fromPrice', { price: formatKES(product.priceCents) }) : formatKES(product.priceCents)}
        </p>
        {product.compareAtCents !== undefined && <WasPrice cents={product.compareAtCents} className="max-sm:text-xs" />}
        {perKg && <p className="text-sm text-slate-600 max-sm:text-xs">{t('perKg', { price: perKg })}</p>}
        {product.hasChoices && !soldOut ? (
          // A choice is needed first: the button opens the product's page, where the options are.
          <Link
            to={`/shop/${product.slug}`}
            className="relative z-10 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 max-sm:px-2"
            aria-label={t('chooseOptionsOf', { name: product.name })}
          >
            {t('chooseOptions')}
          </Link>
        ) : (
          <AddToCartButton product={product} className="relative z-10 w-full max-sm:px-2" />
        )}
      </div>
    </article>
  );
}

/** Holds a card's exact space while products load. */
export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="product-skeleton">
      <div className="skeleton aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-4 max-sm:gap-1 max-sm:p-2.5">
        <div className="skeleton h-3 w-16 max-sm:hidden" />
        <div className="skeleton h-5 w-3/4" />
        <div className="skeleton h-4 w-full max-sm:hidden" />
        <div className="skeleton h-4 w-5/6 max-sm:hidden" />
        <div className="skeleton mt-2 h-6 w-24 max-sm:mt-1" />
        <div className="skeleton h-10 w-full max-sm:h-11" />
      </div>
    </div>
  );
}
