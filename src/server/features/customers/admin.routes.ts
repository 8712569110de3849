// /api/admin/customers: list, one customer, and the role switch. Their orders come from
// /api/admin/orders?userId=…
import { Hono } from 'hono';
import { z } from 'zod';
import { ROLES } from '@/domain/staff-roles';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { getCustomer, listCustomers, setRole } from './admin-customers.service';
import { pagingQuery, searchText } from '../../back-office/admin-paging';
import { idParam } from '../../back-office/admin-params';

const roleEnum = z.enum(ROLES, { error: 'Role must be customer, owner, staff or rider' });
const listQuery = z.object({ ...pagingQuery, q: searchText, role: roleEnum.optional() });

export function adminCustomersRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', allow('staff'), valid('query', listQuery), async (c) => c.json(await listCustomers(ctx.db, c.req.valid('query'))))
    .get('/:id', allow('staff'), valid('param', idParam), async (c) =>
      c.json({ customer: await getCustomer(ctx.db, c.req.valid('param').id) }),
    )
    .post('/:id/role', valid('param', idParam), valid('json', z.object({ role: roleEnum })), async (c) => {
      return c.json({ customer: await setRole(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').role) });
    });
}
