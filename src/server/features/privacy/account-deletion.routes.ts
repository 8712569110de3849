// POST /api/account/delete: the signed-in customer deletes her account after typing DELETE; her
// session cookie is cleared in the same answer.
import { Hono } from 'hono';
import { ACCOUNT_DELETION_MESSAGES, accountDeletionSchema } from '@/domain/account-deletion';
import type { AppEnv, ServerContext } from '../../context';
import { currentUser, requireUser } from '../../auth/session';
import { valid } from '../../infra/http/validate';
import { deleteAccount } from './account-deletion.service';

export function accountDeletionRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().post('/delete', requireUser(ctx), valid('json', accountDeletionSchema), async (c) => {
    await deleteAccount({ db: ctx.db, env: ctx.env, now: ctx.now }, currentUser(c).id);
    // The sessions are gone already; better-auth's sign-out answer carries the cookies that clear them in the browser.
    const signOut = await ctx.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    for (const cookie of signOut.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    c.header('Cache-Control', 'no-store');
    return c.json({ message: ACCOUNT_DELETION_MESSAGES.deleted });
  });
}
