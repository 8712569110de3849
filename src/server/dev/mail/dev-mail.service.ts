// Reads outbound_mail for the development mailbox.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outboundMail } from '../../db/schema';

const MAILBOX_PAGE_SIZE = 100;

export type StoredMail = typeof outboundMail.$inferSelect;

export async function latestMail(db: DbOrTx): Promise<StoredMail[]> {
  return db.select().from(outboundMail).orderBy(desc(outboundMail.createdAt), desc(outboundMail.id)).limit(MAILBOX_PAGE_SIZE);
}

export async function findMail(db: DbOrTx, id: string): Promise<StoredMail | null> {
  const [row] = await db.select().from(outboundMail).where(eq(outboundMail.id, id));
  return row ?? null;
}
