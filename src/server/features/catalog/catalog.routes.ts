import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { distinctCategories, LAST_SHOP_PAGE, normalizeSearch } from '@/domain/product-filter';
import type { AppEnv, ServerContext } from '../../context';
import { badRequest } from '../../errors';
import { valid } from '../../infra/http/validate';
import {
  catalogueSummary,
  checkCartProducts,
  featuredProducts,
  listProductPage,
  listPublishedProducts,
  movedProductSlug,
  productChoices,
  productPageFrom,
  type ProductListDto,
  type ProductPageAnswer,
} from './catalog.service';
import { createPublicReadCache, publicJson } from './public-read';

const LIMITS = { category: 40, search: 100 } as const;
const PAGE_MESSAGE = `Page must be a whole number from 1 to ${LAST_SHOP_PAGE.toLocaleString('en-US')}`;
const PRODUCT_SLUG_MAX = 120;

/**
 * The list's three optional query parameters. Read by hand rather than through a zod validator: this
 * is the busiest endpoint, and the validator's header and schema work cost more than the answer.
 */
function listFilter(c: Context<AppEnv>) {
  const category = (c.req.query('category') ?? '').trim();
  const search = (c.req.query('search') ?? '').trim();
  if (category.length > LIMITS.category)
    throw badRequest('Category must be 40 characters or fewer', { category: 'Category must be 40 characters or fewer' });
  if (search.length > LIMITS.search)
    throw badRequest('Search text must be 100 characters or fewer', { search: 'Search text must be 100 characters or fewer' });
  const rawPage = (c.req.query('page') ?? '').trim() || '1';
  const page = Number(rawPage);
  if (!/^\d{1,6}$/.test(rawPage) || page < 1 || page > LAST_SHOP_PAGE) throw badRequest(PAGE_MESSAGE, { page: PAGE_MESSAGE });
  return { category, search, page };
}

const cartCheckBody = z.object({
  items: z
    .array(
      z.object({
        productId: z.string({ error: 'Each item needs a productId' }).min(1, { error: 'Each item needs a productId' }).max(100),
        variantId: z.string({ error: 'A variantId is text' }).max(100).optional(),
        quantity: z.number({ error: 'Quantity must be a whole number' }).int({ error: 'Quantity must be a whole number' }).min(0),
      }),
      { error: 'items must be a list of { productId, quantity }' },
    )
    .max(100, { error: 'A cart holds at most 100 different products' }),
});

export function catalogRoutes(ctx: ServerContext) {
  const cache = createPublicReadCache(ctx.now);
  // The product list is loaded once per TTL; each filtered answer is serialised once per TTL.
  const loadAll = async () => (await cache.get('all', () => listPublishedProducts(ctx.db), { sent: false })).value;
  // Every page of the list shows the shop-wide categories and total, read once per TTL.
  const loadSummary = async () => (await cache.get('summary', () => catalogueSummary(ctx.db), { sent: false })).value;

  return new Hono<AppEnv>()
    .get('/products', async (c) => {
      const filter = listFilter(c);
      const key = `products:${filter.category.toLowerCase()}:${normalizeSearch(filter.search)}:${filter.page}`;
      return publicJson(
        c,
        await cache.get(key, async (): Promise<ProductListDto> => {
          const [summary, page] = await Promise.all([loadSummary(), listProductPage(ctx.db, filter, filter.page)]);
          return { ...page, ...summary };
        }),
      );
    })
    .get('/products/featured', async (c) =>
      publicJson(c, await cache.get('featured', async () => ({ products: featuredProducts(await loadAll()) }))),
    )
    .get('/products/by-slug/:slug', async (c) => {
      const slug = c.req.param('slug').trim().toLowerCase();
      const body = await cache.get(`product:${slug}`, async (): Promise<ProductPageAnswer | null> => {
        if (slug === '' || slug.length > PRODUCT_SLUG_MAX) return null;
        const page = productPageFrom(await loadAll(), slug);
        if (page) return { ...page, ...(await productChoices(ctx.db, page.product.id)) };
        const movedTo = await movedProductSlug(ctx.db, slug);
        return movedTo ? { movedTo } : null;
      });
      return publicJson(c, body, 'Product not found');
    })
    .get('/categories', async (c) =>
      publicJson(c, await cache.get('categories', async () => ({ categories: distinctCategories(await loadAll()) }))),
    )
    .post('/cart-check', valid('json', cartCheckBody), async (c) => {
      const { items } = c.req.valid('json');
      return c.json({
        items: await checkCartProducts(ctx.db, items),
      });
    });
}
