// The owner's choice of who hears about orders (domain/merchant-notices.ts), kept in app_settings so
// every instance reads what was saved; until then, nobody beyond the back office.
import { eq } from 'drizzle-orm';
import { DEFAULT_MERCHANT_NOTICES, merchantNoticesSchema, type MerchantNoticeSettings } from '@/domain/merchant-notices';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';

const MERCHANT_NOTICES_SETTING = 'merchant_notices';

export async function loadMerchantNotices(db: DbOrTx): Promise<MerchantNoticeSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MERCHANT_NOTICES_SETTING));
  // A stored value is read through the same rules, so a hand-edited row cannot send to a bad number.
  const parsed = merchantNoticesSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : DEFAULT_MERCHANT_NOTICES;
}

export async function saveMerchantNotices(db: Db, actor: AdminActor, value: MerchantNoticeSettings): Promise<MerchantNoticeSettings> {
  return db.transaction(async (tx) => {
    const before = await loadMerchantNotices(tx);
    await tx
      .insert(appSettings)
      .values({ key: MERCHANT_NOTICES_SETTING, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: actor.at } });
    await auditAdmin(tx, actor, {
      action: 'MERCHANT_NOTICES_UPDATE',
      tableName: 'app_settings',
      recordId: MERCHANT_NOTICES_SETTING,
      details: { before, after: value },
    });
    return value;
  });
}
