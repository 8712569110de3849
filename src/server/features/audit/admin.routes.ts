// /api/admin/audit: the log and its filter values.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { auditFacets, listAudit } from './admin-audit.service';
import { dateOnly, pagingQuery } from '../../back-office/admin-paging';

const auditQuery = z
  .object({
    ...pagingQuery,
    userId: z.string().max(64).optional(),
    action: z.string().max(64).optional(),
    table: z.string().max(64).optional(),
    /** 'show' adds customers' views of their own payments (hidden by default: they are most rows). */
    reads: z.enum(['hide', 'show']).default('hide'),
    from: dateOnly,
    to: dateOnly,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: 'The start date must be on or before the end date', path: ['to'] });

export function adminAuditRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', valid('query', auditQuery), async (c) => c.json(await listAudit(ctx.db, c.req.valid('query'))))
    .get('/facets', async (c) => c.json(await auditFacets(ctx.db)));
}
