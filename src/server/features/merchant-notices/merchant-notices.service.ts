// The owner's choice of who hears about orders (domain/merchant-notices.ts), kept in app_settings so
// every instance reads what was saved; until then, nobody beyond the back office.
import { eq } from 'drizzle-orm';
import { DEFAULT_MERCHANT_NOTICES, merchantNoticesSchema, type MerchantNoticeSettings } from '@/domain/merchant-notices';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';

const MERCHANT_NOTICES_SETTING = 'merchant_notices';

export async function loadMerchantNotices(db: DbOrTx): Promise<MerchantNoticeSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MERCHANT_NOTICES_SETTING));
  // A stored value is read through the same rules, so a hand-edited row cannot send to a bad number.
  const parsed = merchantNoticesSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : DEFAULT_MERCHANT_NOTICES;
}

export function saveMerchantNotices(db: Db, actor: AdminActor, value: MerchantNoticeSettings): Promise<MerchantNoticeSettings> {
  return saveSetting(db, actor, { key: MERCHANT_NOTICES_SETTING, value, action: 'MERCHANT_NOTICES_UPDATE', load: loadMerchantNotices });
}
