import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { allow } from '../../back-office/admin-access';
import { ceilingAlerts } from './sign-in-code-budget';

/** The back office's view of sign-in by SMS: the ceilings on codes that hold now (the dashboard's notice). */
export function adminSignInCodesRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/alerts', allow('staff'), async (c) =>
    c.json({ alerts: await ceilingAlerts(ctx.db, ctx.env, ctx.now()) }),
  );
}
