// The newsletter list (with a spreadsheet-safe CSV export) and the contact messages inbox.
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { toCsv } from '@/domain/csv';
import { nairobiDateKey } from '@/domain/nairobi-days';
import type { Db, DbOrTx } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema';
import { notFound } from '../../errors';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import { recordConsent } from '../consents/consents.service';
import { likePattern, offsetOf, pageOf, type Page, type Paging } from '../../back-office/admin-paging';

export interface Subscriber {
  id: string;
  email: string;
  createdAt: string;
}

export async function listSubscribers(db: DbOrTx, q: Paging & { q: string }): Promise<Page<Subscriber>> {
  const where = q.q ? ilike(newsletterSubscriptions.email, likePattern(q.q)) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(newsletterSubscriptions).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() })),
    total,
    q,
  );
}

/** Every subscriber as CSV (a cell starting with =, +, - or @ is neutralised by toCsv); the export is audited. */
export async function exportSubscribersCsv(db: Db, actor: AdminActor, now: Date): Promise<{ filename: string; csv: string }> {
  const rows = await db.select().from(newsletterSubscriptions).orderBy(desc(newsletterSubscriptions.createdAt));
  const csv = toCsv(
    ['email', 'subscribed_at'],
    rows.map((r) => [r.email, r.createdAt.toISOString()]),
  );
  await auditAdmin(db, actor, {
    action: 'NEWSLETTER_EXPORT',
    tableName: 'newsletter_subscriptions',
    recordId: null,
    details: { rows: rows.length },
  });
  return { filename: `newsletter-subscribers-${nairobiDateKey(now)}.csv`, csv };
}

export async function deleteSubscriber(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning();
    if (!row) throw notFound('Subscriber not found');
    await recordConsent(tx, { kind: 'newsletter', granted: false, source: 'back-office', at: actor.at, email: row.email });
    await auditAdmin(tx, actor, {
      action: 'NEWSLETTER_UNSUBSCRIBE',
      tableName: 'newsletter_subscriptions',
      recordId: id,
      details: { email: row.email },
    });
  });
}

export interface ContactMessageView {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
  readAt: string | null;
  createdAt: string;
}

export async function listMessages(
  db: DbOrTx,
  q: Paging & { q: string; state: 'all' | 'unread' | 'read' },
): Promise<Page<ContactMessageView> & { unread: number }> {
  const filters: (SQL | undefined)[] = [];
  if (q.state === 'unread') filters.push(isNull(contactMessages.readAt));
  if (q.state === 'read') filters.push(isNotNull(contactMessages.readAt));
  if (q.q) {
    const like = likePattern(q.q);
    filters.push(
      or(
        ilike(contactMessages.name, like),
        ilike(contactMessages.email, like),
        ilike(contactMessages.subject, like),
        ilike(contactMessages.message, like),
      ),
    );
  }
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }], [{ unread } = { unread: 0 }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return {
    ...pageOf(
      rows.map((r) => ({ ...r, readAt: r.readAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() })),
      total,
      q,
    ),
    unread,
  };
}

export async function markMessage(db: Db, actor: AdminActor, id: string, read: boolean): Promise<ContactMessageView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ readAt: read ? actor.at : null })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!row) throw notFound('Message not found');
    await auditAdmin(tx, actor, {
      action: read ? 'CONTACT_MESSAGE_READ' : 'CONTACT_MESSAGE_UNREAD',
      tableName: 'contact_messages',
      recordId: id,
      details: { subject: row.subject },
    });
    return { ...row, readAt: row.readAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
  });
}
