import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { ceilingAlerts } from './sign-in-code-budget';

/** The back office's view of sign-in by SMS: the ceilings on codes that hold now (the owner's). */
export function adminSignInCodesRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/alerts', async (c) => c.json({ alerts: await ceilingAlerts(ctx.db, ctx.env, ctx.now()) }));
}
