// The one writer of the shop's settings from the back office (shop details, delivery origin and fee
// VAT band, opening hours, order notices): each is a row of app_settings, saved with its audit row in
// one transaction, so a setting never changes unaudited. Each setting keeps its own reader beside its
// feature. Nothing keeps a setting in memory to invalidate: every reader asks the database (the
// public answers of /api/content are kept a second at most, public-read.ts).
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';
import { auditAdmin, type AdminActor } from './admin-access';

export interface SettingSave<T, Before> {
  /** The setting's app_settings row. */
  key: string;
  /** What is stored, and answered. */
  value: T;
  /** The audit row's action, e.g. 'SHOP_DETAILS_UPDATE'. */
  action: string;
  /** The setting as it stands, read in the save's transaction for the audit row. */
  load: (tx: DbOrTx) => Promise<Before>;
  /** The audit row's details from what it was and what it becomes; { before, after } unless given. */
  details?: (before: Before, after: T) => Record<string, unknown>;
}

/**
 * Saves one setting: what it was, the row (written or replaced, updated at the actor's time) and the
 * audit row of `actor`, in one transaction (a savepoint of the caller's when given one, for a save
 * that checks other rows under a lock first). Answers the value saved.
 */
export async function saveSetting<T, Before>(db: DbOrTx, actor: AdminActor, save: SettingSave<T, Before>): Promise<T> {
  const { key, value, action, load, details = (before, after) => ({ before, after }) } = save;
  return db.transaction(async (tx) => {
    const before = await load(tx);
    await tx
      .insert(appSettings)
      .values({ key, value, updatedAt: actor.at })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: actor.at } });
    await auditAdmin(tx, actor, { action, tableName: 'app_settings', recordId: key, details: details(before, value) });
    return value;
  });
}
