// The shop's 'Prices include VAT' setting (off unless the merchant turns it on): with it on, every
// price, variant price and delivery fee is entered VAT-inclusive and fees by distance round up to the
// whole shilling, so a cart of whole-shilling prices totals whole shillings (M-Pesa moves no cents).
// Each order keeps the mode it was priced in (orders.prices_include_vat), so changing the setting
// never changes what an order, its receipt or its tax invoice says.
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';

const PRICES_INCLUDE_VAT_SETTING = 'prices_include_vat';

export async function loadPricesIncludeVat(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PRICES_INCLUDE_VAT_SETTING));
  return row?.value === true;
}

export function savePricesIncludeVat(db: Db, actor: AdminActor, on: boolean): Promise<boolean> {
  return saveSetting(db, actor, {
    key: PRICES_INCLUDE_VAT_SETTING,
    value: on,
    action: 'PRICES_INCLUDE_VAT_UPDATE',
    load: loadPricesIncludeVat,
  });
}
