// KRA's item classes for the back office's product form: the list the shop cached on its device row
// (selectItemClsList, refreshed daily), the class each category gets when the merchant chose none,
// and the check that a chosen class is in KRA's list (a class KRA does not list would have every
// sale of the product refused).
import { and, eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { etimsDevices } from '../../db/schema';
import { badRequest } from '../../errors';
import type { ItemClass } from '../../integrations/etims/etims-types';
import { itemClassDefaults } from './item-class-defaults';

export interface ItemClassChoice {
  code: string;
  name: string;
  /** The band KRA lists for the class (A to E), if any. */
  taxBand: string | null;
}

interface DeviceIdentity {
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
}

/** The device's cached list and when it was pulled; null when the shop never pulled it. */
async function cachedItemClasses(
  db: DbOrTx,
  device: DeviceIdentity,
): Promise<{ classes: ItemClassChoice[]; refreshedAt: Date | null } | null> {
  const [row] = await db
    .select({ itemClasses: etimsDevices.itemClasses, refreshedAt: etimsDevices.codesRefreshedAt })
    .from(etimsDevices)
    .where(and(eq(etimsDevices.tin, device.tin), eq(etimsDevices.bhfId, device.bhfId), eq(etimsDevices.dvcSrlNo, device.dvcSrlNo)));
  const list = row?.itemClasses as ItemClass[] | null | undefined;
  if (!row || !list) return null;
  const classes = list
    .filter((c) => c.useYn !== 'N')
    .map((c) => ({ code: c.itemClsCd, name: c.itemClsNm, taxBand: c.taxTyCd }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return { classes, refreshedAt: row.refreshedAt };
}

/** What the product form offers: KRA's classes, the category defaults, and why the list may be empty. */
export async function itemClassChoices(ctx: ServerContext) {
  const etims = ctx.integrations.etims;
  const cached = etims ? await cachedItemClasses(ctx.db, etims.device) : null;
  return {
    classes: cached?.classes ?? [],
    /** Category → class used when a product names none ('default' for the other categories). */
    defaults: itemClassDefaults(ctx.env),
    refreshedAt: cached?.refreshedAt?.toISOString() ?? null,
    /** Why there is nothing to choose from, in the merchant's words; null when there is a list. */
    missing: !etims
      ? 'Tax invoices are off (ETIMS_DISABLED=1): products have no KRA item class.'
      : !cached || cached.classes.length === 0
        ? "KRA's list of item classes has not been fetched yet: the shop fetches it within an hour of starting, and before its first tax invoice. Until then each product uses its category's class."
        : null,
  };
}

/** Refuses a class KRA's cached list does not have, before anything is written. */
export async function assertKnownItemClass(ctx: ServerContext, code: string): Promise<void> {
  const etims = ctx.integrations.etims;
  const cached = etims ? await cachedItemClasses(ctx.db, etims.device) : null;
  if (cached?.classes.some((c) => c.code === code)) return;
  const message = !etims
    ? 'Tax invoices are off (ETIMS_DISABLED=1), so a KRA item class cannot be chosen. Leave it on the category default.'
    : !cached || cached.classes.length === 0
      ? "KRA's list of item classes has not been fetched yet, so no class can be chosen. Leave it on the category default and choose later."
      : `KRA's list has no item class ${code}. Choose one from the list, or leave the category default.`;
  throw badRequest(message, { etimsItemClass: message });
}
