import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { loadDashboard } from './admin-dashboard.service';

export function adminDashboardRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await loadDashboard(ctx.db, ctx.now())));
}
