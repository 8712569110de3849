// /api/admin/newsletter (list, CSV download, unsubscribe) and /api/admin/messages (inbox, read/unread).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { deleteSubscriber, exportSubscribersCsv, listMessages, listSubscribers, markMessage } from './admin-inbox.service';
import { pagingQuery, searchText } from '../../back-office/admin-paging';
import { idParam } from '../../back-office/admin-params';

export function adminNewsletterRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', valid('query', z.object({ ...pagingQuery, q: searchText })), async (c) =>
      c.json(await listSubscribers(ctx.db, c.req.valid('query'))),
    )
    .get('/export.csv', async (c) => {
      const { filename, csv } = await exportSubscribersCsv(ctx.db, adminActor(c, ctx.now()), ctx.now());
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      });
    })
    .delete('/:id', valid('param', idParam), async (c) => {
      await deleteSubscriber(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id);
      return c.json({ ok: true as const });
    });
}

const messagesQuery = z.object({
  ...pagingQuery,
  q: searchText,
  state: z.enum(['all', 'unread', 'read'], { error: 'Unknown state' }).default('all'),
});

export function adminMessagesRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', allow('staff'), valid('query', messagesQuery), async (c) => c.json(await listMessages(ctx.db, c.req.valid('query'))))
    .post(
      '/:id/read',
      allow('staff'),
      valid('param', idParam),
      valid('json', z.object({ read: z.boolean({ error: 'Say read or unread' }) })),
      async (c) => {
        return c.json({ message: await markMessage(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').read) });
      },
    );
}
