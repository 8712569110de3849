// The shop's usual 'If unavailable' (a similar item until the owner chooses): preselected at checkout
// for every line and taken by a line ordered without a choice. One app_settings row, saved with its
// audit row through the settings writer; read from the database by every instance.
import { eq } from 'drizzle-orm';
import { DEFAULT_IF_UNAVAILABLE, IF_UNAVAILABLE, type IfUnavailable } from '@/domain/line-choices';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';

const IF_UNAVAILABLE_SETTING = 'if_unavailable_default';

export async function loadIfUnavailableDefault(db: DbOrTx): Promise<IfUnavailable> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, IF_UNAVAILABLE_SETTING));
  const saved = row?.value;
  return (IF_UNAVAILABLE as readonly unknown[]).includes(saved) ? (saved as IfUnavailable) : DEFAULT_IF_UNAVAILABLE;
}

export function saveIfUnavailableDefault(db: Db, actor: AdminActor, choice: IfUnavailable): Promise<IfUnavailable> {
  return saveSetting(db, actor, {
    key: IF_UNAVAILABLE_SETTING,
    value: choice,
    action: 'IF_UNAVAILABLE_DEFAULT_UPDATE',
    load: loadIfUnavailableDefault,
  });
}
