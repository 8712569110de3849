// The data_requests log: each export the customer downloads (completed at once), and the back
// office's list of exports and deletions with the customer's name while the account still exists.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dataRequests, profiles, user as users } from '../../db/schema';

export async function logExport(db: DbOrTx, userId: string, format: 'json' | 'csv', at: Date): Promise<void> {
  await db.insert(dataRequests).values({ userId, kind: 'export', requestedAt: at, completedAt: at, details: { format } });
}

const LOG_LIMIT = 500;

export interface DataRequestView {
  id: string;
  userId: string;
  /** null when the account no longer exists (deleted). */
  customerName: string | null;
  kind: 'export' | 'deletion';
  requestedAt: string;
  completedAt: string | null;
}

/** The latest requests first (the last 500). */
export async function listDataRequests(db: DbOrTx): Promise<DataRequestView[]> {
  const rows = await db
    .select({
      id: dataRequests.id,
      userId: dataRequests.userId,
      kind: dataRequests.kind,
      requestedAt: dataRequests.requestedAt,
      completedAt: dataRequests.completedAt,
      accountName: users.name,
      profileName: profiles.fullName,
      accountId: users.id,
    })
    .from(dataRequests)
    .leftJoin(users, eq(users.id, dataRequests.userId))
    .leftJoin(profiles, eq(profiles.id, dataRequests.userId))
    .orderBy(desc(dataRequests.requestedAt), desc(dataRequests.id))
    .limit(LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    customerName: r.accountId ? r.profileName || r.accountName || '' : null,
    kind: r.kind,
    requestedAt: r.requestedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}
