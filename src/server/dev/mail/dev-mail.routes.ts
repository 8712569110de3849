import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { mailboxPage, mailPage, notFoundPage } from './dev-mail.pages';
import { findMail, latestMail } from './dev-mail.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The development mailbox at /dev/mail (app.ts mounts it only outside production).
export function devMailRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.html(mailboxPage(await latestMail(ctx.db)));
    })
    .get('/:id', async (c) => {
      c.header('Cache-Control', 'no-store');
      const id = c.req.param('id');
      const mail = UUID.test(id) ? await findMail(ctx.db, id) : null;
      return mail ? c.html(mailPage(mail)) : c.html(notFoundPage(), 404);
    });
}
