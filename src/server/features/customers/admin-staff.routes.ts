// /api/admin/staff: the shop's owners, staff and riders, and adding one (the owner's alone).
// Changing or removing a role is POST /api/admin/customers/:id/role.
import { Hono } from 'hono';
import { staffInviteSchema } from '@/domain/staff-roles';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor } from '../../back-office/admin-access';
import { inviteStaff, listStaff } from './admin-staff.service';

export function adminStaffRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json({ items: await listStaff(ctx.db) }))
    .post('/', valid('json', staffInviteSchema), async (c) => {
      const result = await inviteStaff(ctx, adminActor(c, ctx.now()), c.req.valid('json'));
      return c.json(result, result.created ? 201 : 200);
    });
}
