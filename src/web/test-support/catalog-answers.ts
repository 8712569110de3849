// Products as the catalogue API answers them, for pages that list or sell them.
import type { ProductDto } from '../features/catalog/api';

/** Product number `n` (its id ends in n), named `name`; `over` changes what a test needs changed. */
function product(n: number, name: string, over: Partial<ProductDto> = {}): ProductDto {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    slug,
    description: `${name}, fresh from the lake.`,
    category: 'fish',
    priceCents: 65_000,
    taxBand: 'C',
    stock: 40,
    imageUrl: null,
    featured: true,
    ...over,
  };
}

export const TILAPIA = product(1, 'Fresh Whole Tilapia (1 kg)');
export const CATFISH = product(2, 'Whole Catfish (1 kg)', { priceCents: 55_000, stock: 15, featured: false });
