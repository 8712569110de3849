// Pick-up at the shop, as the owner sets it on /admin/delivery: on or off, where and how to collect
// (app_settings 'pickup'), and the pick-up windows (rows of kind 'pickup' of the week's table, with
// their own capacities; the shop's closed dates apply to them too). Saved under the opening-hours
// row's lock like the delivery week, with one audit row (saveSetting).
import { eq } from 'drizzle-orm';
import { clock24, WEEKDAY_NAMES } from '@/domain/business-hours';
import { windowsProblem, type DeliveryWindowRule } from '@/domain/delivery-slots';
import { DEFAULT_PICKUP, pickupSettingsProblem, type PickupSettings } from '@/domain/pickup';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { badRequest } from '../../errors';
import type { AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';
import { loadOpeningHours, openingHoursLock } from './delivery-slots.service';
import { loadWeek } from './delivery-week.service';
import { replaceWeekWindows, type WindowInput } from './admin-delivery-slots.service';

const PICKUP_SETTING = 'pickup';

export async function loadPickupSettings(db: DbOrTx): Promise<PickupSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PICKUP_SETTING));
  const v = row?.value as Partial<PickupSettings> | undefined;
  if (!v || typeof v !== 'object') return DEFAULT_PICKUP;
  return { enabled: v.enabled === true, instructions: typeof v.instructions === 'string' ? v.instructions : '' };
}

export interface PickupSettingsView extends PickupSettings {
  windows: DeliveryWindowRule[];
}

export async function getPickupSettings(db: DbOrTx): Promise<PickupSettingsView> {
  const [settings, windows] = await Promise.all([loadPickupSettings(db), loadWeek(db, 'pickup')]);
  return { ...settings, windows };
}

const windowText = (w: DeliveryWindowRule) =>
  `${WEEKDAY_NAMES[w.weekday] ?? '?'} ${clock24(w.startMinute)}-${clock24(w.endMinute)}, ${w.capacity} orders, cut-off ${w.cutoffMinutes} min`;

/** Replaces the pick-up setting and its windows (kept by id, so orders' holds on them stay). */
export async function savePickupSettings(
  db: Db,
  actor: AdminActor,
  input: PickupSettings & { windows: WindowInput[] },
): Promise<PickupSettingsView> {
  const settings: PickupSettings = { enabled: input.enabled, instructions: input.instructions.trim() };
  const windows = input.windows.map((w) => ({ ...w, startMinute: w.start, endMinute: w.end }));
  return db.transaction(async (tx) => {
    await openingHoursLock(tx);
    const before = await getPickupSettings(tx);
    const known = new Set(before.windows.map((w) => w.id));
    if (windows.some((w) => w.id !== undefined && !known.has(w.id))) {
      throw badRequest('One of these windows no longer exists; reload the page.', { windows: 'Reload the page and try again.' });
    }
    const problem = windowsProblem(windows, await loadOpeningHours(tx)) ?? pickupSettingsProblem(settings, windows.length);
    if (problem) throw badRequest(problem, { pickup: problem });
    await replaceWeekWindows(tx, 'pickup', windows, actor.at);
    const afterWindows = await loadWeek(tx, 'pickup');
    // The setting's row and its one audit row (with the windows before and after) through saveSetting.
    await saveSetting(tx, actor, {
      key: PICKUP_SETTING,
      value: settings,
      action: 'PICKUP_SETTINGS_UPDATE',
      load: () => Promise.resolve(before),
      details: (was, now) => ({
        before: { enabled: was.enabled, instructions: was.instructions, windows: was.windows.map(windowText) },
        after: { ...now, windows: afterWindows.map(windowText) },
      }),
    });
    return { ...settings, windows: afterWindows };
  });
}
