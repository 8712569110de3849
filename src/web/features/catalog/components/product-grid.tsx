import { memo } from 'react';
import type { ProductDto } from '../api';
import { ProductCard, ProductCardSkeleton } from './product-card';

/**
 * A card re-renders only when its product changes: appending a page of the shop's list draws that
 * page's cards, not every card above it again (a long scroll holds hundreds).
 */
const ListedCard = memo(ProductCard);

/**
 * Each grid's columns with the width its pictures are drawn at, so the browser takes the right file
 * from srcset. Widths follow the page container (at most 1152 px with 16 px padding) and gap-6.
 */
const LAYOUTS = {
  /** /shop: 2 compact columns on a phone (gap-3), then 2, 3 or 4; a phone's first screen holds four pictures. */
  shop: {
    grid: 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4',
    sizes:
      '(min-width: 1280px) 262px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc((100vw - 44px) / 2)',
    skeletons: 8,
    eager: 4,
  },
  /** Home: the four featured products, one row from 1024 px; below the hero, so all lazy. */
  featured: {
    grid: 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4',
    sizes:
      '(min-width: 1152px) 262px, (min-width: 1024px) calc((100vw - 104px) / 4), (min-width: 640px) calc((100vw - 56px) / 2), calc((100vw - 44px) / 2)',
    skeletons: 4,
    eager: 0,
  },
} as const;

export interface ProductGridProps {
  layout: keyof typeof LAYOUTS;
  /** undefined while loading: skeleton cards hold the grid's space. */
  products: readonly ProductDto[] | undefined;
  loadingLabel: string;
  /** A newer answer is on its way (the previous one stays on screen). */
  busy?: boolean;
  headingLevel?: 2 | 3;
}

export function ProductGrid({ layout, products, loadingLabel, busy, headingLevel }: ProductGridProps) {
  const { grid, sizes, skeletons, eager } = LAYOUTS[layout];
  if (!products) {
    return (
      <div className={grid} aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <div className={grid} aria-busy={busy}>
      {products.map((p, i) => (
        <ListedCard
          key={p.id}
          product={p}
          eager={i < eager}
          priority={i >= eager ? undefined : i === 0 ? 'high' : 'low'}
          imageSizes={sizes}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
