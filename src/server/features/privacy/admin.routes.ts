// /api/admin/data-requests: the owner's log of customers' data exports and deletions (read only).
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { listDataRequests } from './data-requests.service';

export function adminDataRequestsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ requests: await listDataRequests(ctx.db) });
  });
}
