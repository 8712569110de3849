import { srcSetFor } from '@/web/components/ui/image-sources';
import { cn } from '@/web/lib/cn';

// Two pictures per category under public/images; unknown categories use the fish ones.
const FALLBACKS: Readonly<Record<string, readonly string[]>> = {
  fish: ['/images/fallback-fish.svg', '/images/fallback-fish-2.svg'],
  chicken: ['/images/fallback-chicken.svg', '/images/fallback-chicken-2.svg'],
};

/**
 * A fallback for a product without a picture, picked by category and a hash of the product id:
 * the same product always gets the same one, so it never changes between renders.
 */
function fallbackImage(productId: string, category: string): string {
  const choices = FALLBACKS[category] ?? FALLBACKS.fish!;
  let hash = 0;
  for (const ch of productId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return choices[hash % choices.length]!;
}

export interface ProductImageProps {
  productId: string;
  name: string;
  category: string;
  imageUrl: string | null;
  /** Above the fold: load at once; otherwise lazily. */
  eager?: boolean;
  /**
   * 'high': the page's largest picture (its LCP), fetched ahead of other images. 'low': on the first
   * screen beside it, fetched after it (Chrome would otherwise raise every visible picture to high
   * once laid out, and they would share a slow link with the largest one).
   */
  priority?: 'high' | 'low';
  /** Rendered width in CSS pixels at each layout, for the browser's pick from srcset. */
  sizes?: string;
  className?: string;
}

/** 4:3 picture with its size reserved (width/height), so nothing shifts while it loads. */
export function ProductImage({ productId, name, category, imageUrl, eager, priority, sizes, className }: ProductImageProps) {
  const src = imageUrl ?? fallbackImage(productId, category);
  return (
    // Loading hints and sizes come before src: the browser reads them when src starts the fetch.
    <img
      loading={eager || priority === 'high' ? 'eager' : 'lazy'}
      fetchPriority={priority}
      decoding="async"
      width={640}
      height={480}
      sizes={sizes ?? '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw'}
      srcSet={srcSetFor(src)}
      src={src}
      alt={name}
      className={cn('aspect-[4/3] w-full bg-slate-100 object-cover', className)}
    />
  );
}
