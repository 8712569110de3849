// The shop's contact details (domain/shop-details.ts), kept in app_settings so every instance shows
// what the merchant saved; until then, the defaults.
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '@/domain/shop-details';
import type { ShopDetailsInput } from '@/domain/shop-details-schema';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';

const SHOP_DETAILS_SETTING = 'shop_details';

export async function loadShopDetails(db: DbOrTx): Promise<ShopDetails> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SHOP_DETAILS_SETTING));
  const saved = row?.value && typeof row.value === 'object' ? (row.value as Partial<ShopDetails>) : {};
  return { ...DEFAULT_SHOP_DETAILS, ...saved };
}

export async function saveShopDetails(db: Db, actor: AdminActor, input: ShopDetailsInput): Promise<ShopDetails> {
  return db.transaction(async (tx) => {
    const before = await loadShopDetails(tx);
    const value: ShopDetails = { ...input };
    await tx
      .insert(appSettings)
      .values({ key: SHOP_DETAILS_SETTING, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: actor.at } });
    await auditAdmin(tx, actor, {
      action: 'SHOP_DETAILS_UPDATE',
      tableName: 'app_settings',
      recordId: SHOP_DETAILS_SETTING,
      details: { before, after: value },
    });
    return value;
  });
}
