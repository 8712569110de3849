// Customers: accounts with their order count and what they have spent (completed orders only), and
// the role switch (customer ↔ admin). Nobody changes their own role, so the last admin cannot lock
// the shop out by accident.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { ROLE_CHANGE_ACTION } from '../../auth/profile-sync';
import type { Db, DbOrTx } from '../../db/client';
import { orders, profiles, user } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { likePattern, offsetOf, pageOf, type Page, type Paging } from '../../back-office/admin-paging';

export type Role = 'customer' | 'admin';

export interface AdminCustomer {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  fullName: string | null;
  phone: string | null;
  address: string | null;
  role: Role;
  orderCount: number;
  totalSpentCents: Cents;
  createdAt: string;
}

const ROLE_MESSAGES = {
  notYourself: 'You cannot change your own role. Ask another admin.',
} as const;

// Qualified by hand: drizzle may render a column of the only table unqualified inside a subquery.
const orderCount = sql<number>`(select count(*)::int from orders o where o.user_id = "user"."id")`;
// A raw sum skips the column type: the column's own decoder turns the decimal text into cents.
const totalSpent =
  sql<Cents>`(select coalesce(sum(o.total_amount), 0)::text from orders o where o.user_id = "user"."id" and o.status = 'completed')`.mapWith(
    orders.totalAmount,
  );

const columns = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  name: user.name,
  fullName: profiles.fullName,
  phone: profiles.phone,
  address: profiles.address,
  role: profiles.role,
  orderCount,
  totalSpent,
  createdAt: user.createdAt,
};

const selectCustomers = (db: DbOrTx) => db.select(columns).from(user).leftJoin(profiles, eq(profiles.id, user.id));

/** A row as selected with `columns` (drizzle infers its type from the select). */
type CustomerRow = Awaited<ReturnType<typeof selectCustomers>>[number];

function toCustomer(r: CustomerRow): AdminCustomer {
  return {
    id: r.id,
    email: r.email,
    emailVerified: r.emailVerified,
    name: r.name,
    fullName: r.fullName,
    phone: r.phone,
    address: r.address,
    role: r.role === 'admin' ? 'admin' : 'customer',
    orderCount: Number(r.orderCount),
    totalSpentCents: r.totalSpent,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listCustomers(db: DbOrTx, q: Paging & { q: string; role?: Role }): Promise<Page<AdminCustomer>> {
  const filters: (SQL | undefined)[] = [];
  if (q.role)
    filters.push(q.role === 'admin' ? eq(profiles.role, 'admin') : or(eq(profiles.role, 'customer'), sql`${profiles.role} is null`));
  if (q.q) {
    const like = likePattern(q.q);
    filters.push(or(ilike(user.email, like), ilike(user.name, like), ilike(profiles.fullName, like), ilike(profiles.phone, like)));
  }
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectCustomers(db).where(where).orderBy(desc(user.createdAt), desc(user.id)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ total: count() }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(where),
  ]);
  return pageOf(rows.map(toCustomer), total, q);
}

export async function getCustomer(db: DbOrTx, id: string): Promise<AdminCustomer> {
  const [row] = await selectCustomers(db).where(eq(user.id, id));
  if (!row) throw notFound('Customer not found');
  return toCustomer(row);
}

export async function setRole(db: Db, actor: AdminActor, id: string, role: Role): Promise<AdminCustomer> {
  if (id === actor.userId) throw badRequest(ROLE_MESSAGES.notYourself, { role: ROLE_MESSAGES.notYourself });
  await db.transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, id));
    if (!account) throw notFound('Customer not found');
    const [before] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id)).for('update');
    await tx
      .insert(profiles)
      .values({ id, fullName: account.name, role })
      .onConflictDoUpdate({ target: profiles.id, set: { role, updatedAt: actor.at } });
    await auditAdmin(tx, actor, {
      action: ROLE_CHANGE_ACTION,
      tableName: 'profiles',
      recordId: id,
      details: { email: account.email, from: before?.role ?? 'customer', to: role },
    });
  });
  return getCustomer(db, id);
}
