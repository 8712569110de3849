// The shop's contact details (domain/shop-details.ts), kept in app_settings so every instance shows
// what the merchant saved; until then, the defaults.
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '@/domain/shop-details';
import type { ShopDetailsInput } from '@/domain/shop-details-schema';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';

const SHOP_DETAILS_SETTING = 'shop_details';

export async function loadShopDetails(db: DbOrTx): Promise<ShopDetails> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SHOP_DETAILS_SETTING));
  const saved = row?.value && typeof row.value === 'object' ? (row.value as Partial<ShopDetails>) : {};
  return { ...DEFAULT_SHOP_DETAILS, ...saved };
}

export function saveShopDetails(db: Db, actor: AdminActor, input: ShopDetailsInput): Promise<ShopDetails> {
  const value: ShopDetails = { ...input };
  return saveSetting(db, actor, { key: SHOP_DETAILS_SETTING, value, action: 'SHOP_DETAILS_UPDATE', load: loadShopDetails });
}
