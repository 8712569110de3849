import { Hono } from 'hono';
import { z } from 'zod';
import { BLOG_PAGE_SIZE, MAX_BLOG_OFFSET } from '@/domain/blog-paging';
import { MESSAGES, contactMessageSchema, newsletterSchema } from '@/domain/validation';
import type { AppEnv, ServerContext } from '../../context';
import { badRequest, conflict } from '../../errors';
import { optionalUser } from '../../auth/session';
import { valid } from '../../infra/http/validate';
import { createPublicReadCache, publicJson } from '../catalog/public-read';
import {
  findPublishedPost,
  listPublishedPages,
  listPublishedPosts,
  loadPublishedPage,
  saveContactMessage,
  subscribeToNewsletter,
} from './content.service';
import { takeFormSlot } from './form-limits';
import { loadShopDetails } from './shop-details.service';
import { loadIfUnavailableDefault } from './if-unavailable-default.service';
import { loadPricesIncludeVat } from '../pricing/vat-mode.service';
import { loadOpeningHours } from '../delivery/delivery-slots.service';
import { openingHoursLines } from '@/domain/business-hours';

/** Content page errors, as the API states them (the page shows them in its alert). */
const PAGE_ERRORS = {
  noSlug: 'No page slug provided',
  notFound: 'Page not found',
} as const;

const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";

const postsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(BLOG_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(MAX_BLOG_OFFSET).default(0),
});

const slugParam = z.object({ slug: z.string().max(200, { error: PAGE_ERRORS.notFound }) });

export function contentRoutes(ctx: ServerContext) {
  const cache = createPublicReadCache(ctx.now);

  return new Hono<AppEnv>()
    .get('/shop-details', async (c) =>
      publicJson(
        c,
        await cache.get('shop-details', async () => ({
          details: await loadShopDetails(ctx.db),
          pricesIncludeVat: await loadPricesIncludeVat(ctx.db),
          // Preselected at checkout for every line.
          ifUnavailable: await loadIfUnavailableDefault(ctx.db),
        })),
      ),
    )
    .get('/opening-hours', async (c) =>
      publicJson(c, await cache.get('opening-hours', async () => ({ lines: openingHoursLines(await loadOpeningHours(ctx.db)) }))),
    )
    .get('/pages', async (c) => publicJson(c, await cache.get('pages', async () => ({ pages: await listPublishedPages(ctx.db) }))))
    .get('/pages/:slug', valid('param', slugParam), async (c) => {
      const slug = c.req.valid('param').slug.trim();
      if (slug === '') throw badRequest(PAGE_ERRORS.noSlug);
      const body = await cache.get(`page:${slug}`, async () => {
        const page = await loadPublishedPage(ctx, slug, c.get('requestId'));
        return page && { page };
      });
      return publicJson(c, body, PAGE_ERRORS.notFound);
    })
    .get('/posts', valid('query', postsQuery), async (c) => {
      const { limit, offset } = c.req.valid('query');
      return publicJson(c, await cache.get(`posts:${limit}:${offset}`, () => listPublishedPosts(ctx.db, limit, offset)));
    })
    .get('/posts/:slug', valid('param', slugParam), async (c) => {
      const slug = c.req.valid('param').slug.trim();
      const body = await cache.get(`post:${slug}`, async () => {
        const post = await findPublishedPost(ctx.db, slug);
        return post && { post };
      });
      return publicJson(c, body, 'Blog post not found');
    })
    .post('/newsletter', optionalUser(ctx), valid('json', newsletterSchema), async (c) => {
      const { email } = c.req.valid('json');
      const at = ctx.now();
      await takeFormSlot(c, ctx.db, 'newsletter', at);
      const userId = c.get('user')?.id ?? null;
      if (!(await subscribeToNewsletter(ctx.db, email, userId, at))) throw conflict(MESSAGES.newsletterAlready);
      return c.json({ message: MESSAGES.newsletterThanks }, 201);
    })
    .post('/contact', optionalUser(ctx), valid('json', contactMessageSchema), async (c) => {
      await takeFormSlot(c, ctx.db, 'contact', ctx.now());
      const id = await saveContactMessage(ctx.db, c.req.valid('json'), c.get('user')?.id ?? null);
      return c.json({ id, message: CONTACT_THANKS }, 201);
    });
}
