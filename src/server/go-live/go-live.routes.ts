// /api/admin/go-live: the go-live check from the back office (the owner's alone), with the running
// shop's own settings: the same lines `npm run go-live:check` prints.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { goLiveReport } from './go-live-report';

export function adminGoLiveRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { ok, lines } = await goLiveReport(ctx.env, ctx.db, ctx.now);
    return c.json({ ok, checks: lines });
  });
}
