// /api/admin/posts and /api/admin/pages (same shape; posts also take a featured image), and
// /api/admin/content/preview, which answers with the HTML exactly as it would be stored.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { sanitizePageHtmlForSave } from './sanitize-page-html';
import { adminActor } from '../../back-office/admin-access';
import { createContentSchema, updateContentSchema } from '@/domain/back-office-forms';
import { contentListQuery, previewSchema, publishSchema } from './admin-content.schemas';
import {
  createContent,
  deleteContent,
  getContent,
  listContent,
  setContentPublished,
  setPostImage,
  updateContent,
  type ContentKind,
} from './admin-content.service';
import { imageForm, prepareImage, readableForm } from '../media/admin-images';
import { idParam } from '../../back-office/admin-params';

function contentRoutes(ctx: ServerContext, kind: ContentKind) {
  return new Hono<AppEnv>()
    .get('/', valid('query', contentListQuery), async (c) => c.json(await listContent(ctx.db, kind, c.req.valid('query'))))
    .post('/', valid('json', createContentSchema), async (c) => {
      return c.json({ item: await createContent(ctx.db, adminActor(c, ctx.now()), kind, c.req.valid('json')) }, 201);
    })
    .get('/:id', valid('param', idParam), async (c) => c.json({ item: await getContent(ctx.db, kind, c.req.valid('param').id) }))
    .patch('/:id', valid('param', idParam), valid('json', updateContentSchema), async (c) => {
      return c.json({ item: await updateContent(ctx.db, adminActor(c, ctx.now()), kind, c.req.valid('param').id, c.req.valid('json')) });
    })
    .post('/:id/publish', valid('param', idParam), valid('json', publishSchema), async (c) => {
      const item = await setContentPublished(
        ctx.db,
        adminActor(c, ctx.now()),
        kind,
        c.req.valid('param').id,
        c.req.valid('json').published,
      );
      return c.json({ item });
    })
    .delete('/:id', valid('param', idParam), async (c) => {
      await deleteContent(ctx.db, adminActor(c, ctx.now()), kind, c.req.valid('param').id);
      return c.json({ ok: true as const });
    });
}

export function adminPostsRoutes(ctx: ServerContext) {
  return contentRoutes(ctx, 'post').post('/:id/image', valid('param', idParam), readableForm, valid('form', imageForm), async (c) => {
    const image = await prepareImage(c.req.valid('form').image);
    return c.json({ item: await setPostImage(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, image) });
  });
}

export function adminPagesRoutes(ctx: ServerContext) {
  return contentRoutes(ctx, 'page');
}

export function adminContentPreviewRoutes() {
  return new Hono<AppEnv>().post('/preview', valid('json', previewSchema), (c) =>
    c.json({ html: sanitizePageHtmlForSave(c.req.valid('json').html) }),
  );
}
