// Customers: accounts with their order count and what they have spent (completed orders only), and
// the role switch (customer, owner, staff, rider). Only an owner changes roles and never their own,
// so another owner always remains: the acting owner's role is read again under a lock, so two owners
// demoting each other at once cannot both win.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@/domain/money';
import { roleOf, STAFF_MESSAGES, type Role } from '@/domain/staff-roles';
import { ROLE_CHANGE_ACTION } from '../../auth/profile-sync';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { orders, profiles, user } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { likePattern, offsetOf, pageOf, type Page, type Paging } from '../../back-office/admin-paging';

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
    role: roleOf(r.role),
    orderCount: Number(r.orderCount),
    totalSpentCents: r.totalSpent,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listCustomers(db: DbOrTx, q: Paging & { q: string; role?: Role }): Promise<Page<AdminCustomer>> {
  const filters: (SQL | undefined)[] = [];
  if (q.role)
    filters.push(q.role === 'customer' ? or(eq(profiles.role, 'customer'), sql`${profiles.role} is null`) : eq(profiles.role, q.role));
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
  await db.transaction((tx) => changeRole(tx, actor, id, role));
  return getCustomer(db, id);
}

/** Gives an account a role in the caller's transaction, audited; refuses yourself and the last owner. */
export async function changeRole(tx: Tx, actor: AdminActor, id: string, role: Role, details: Record<string, unknown> = {}): Promise<void> {
  if (id === actor.userId) throw badRequest(STAFF_MESSAGES.notYourself, { role: STAFF_MESSAGES.notYourself });
  // One role change at a time: the owner count read below stays true until the commit.
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.roleChange})`);
  const [account] = await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  if (!account) throw notFound('Customer not found');
  const owners = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'owner'));
  // Demoted by another owner a moment ago: no longer allowed to change roles.
  if (!owners.some((o) => o.id === actor.userId)) throw forbidden('Only the shop owner can change roles.');
  const [before] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id));
  const from = before?.role ?? 'customer';
  if (from === role) return;
  await tx
    .insert(profiles)
    .values({ id, fullName: account.name, role })
    .onConflictDoUpdate({ target: profiles.id, set: { role, updatedAt: actor.at } });
  await auditAdmin(tx, actor, {
    action: ROLE_CHANGE_ACTION,
    tableName: 'profiles',
    recordId: id,
    details: { email: account.email, from, to: role, ...details },
  });
}
