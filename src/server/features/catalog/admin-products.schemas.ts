// Query strings of the product list and stock history (the form rules live in src/domain/back-office-forms).
import { z } from 'zod';
import { pagingQuery, searchText } from '../../back-office/admin-paging';

const PRODUCT_STATES = ['active', 'published', 'draft', 'low_stock', 'out_of_stock', 'archived', 'all'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

export const productListQuery = z.object({
  ...pagingQuery,
  q: searchText,
  category: z.string().max(40).optional(),
  state: z.enum(PRODUCT_STATES, { error: 'Unknown product state' }).default('active'),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** One variant's movements only (a product with options counts stock per variant). */
const variantFilter = { variantId: z.uuid({ error: 'That variant id is not valid' }).optional() };

export const stockHistoryQuery = z.object({ ...pagingQuery, ...variantFilter });
export const stockCsvQuery = z.object(variantFilter);
