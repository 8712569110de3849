// KRA eTIMS, as the shop will declare its sales: the device initialised (its key kept in this
// database) and answering KRA's calls with it, KRA's code lists cached, and every product on sale
// in a class KRA lists and registered as an item. The check never initialises the device: a second
// initialisation is refused by KRA (902) and was seen to corrupt a device, and this database may
// not be the shop's.
import { and, eq, isNull } from 'drizzle-orm';
import { etimsDevices, etimsItems, products } from '../db/schema';
import { etimsDevice, resolveEtimsBaseUrl, usesEtimsSimulator } from '../etims-config';
import { itemClassFor } from '../features/tax-invoices/item-class-defaults';
import { productItemKey, DELIVERY_ITEM_KEY } from '../features/tax-invoices/order-invoice-lines';
import { kraDateTime } from '../integrations/etims/etims-dates';
import { EtimsError, type CodeClass, type ItemClass } from '../integrations/etims/etims-types';
import { createKraEtimsClient } from '../wiring/integrations';
import type { CheckInput, CheckResult, GoLiveCheck } from './go-live-check';

const DAY_MS = 24 * 60 * 60_000;
const START_SHOP =
  'Start the shop with these settings on its production database: it initialises the device once (never twice: KRA refuses a second time) and fetches the lists within the hour.';

type DeviceRow = typeof etimsDevices.$inferSelect;

/** The configured device's row, or the result that ends the check (eTIMS off, the simulator, no row yet). */
export async function deviceOrStop({ env, db }: CheckInput): Promise<DeviceRow | CheckResult> {
  if (env.ETIMS_DISABLED)
    return {
      ok: true,
      warning: true,
      detail: 'tax invoices are off (ETIMS_DISABLED=1)',
      fix: 'Every sale must be invoiced through eTIMS: set ETIMS_PIN and ETIMS_DEVICE_SERIAL (docs/etims.md).',
    };
  if (usesEtimsSimulator(env))
    return {
      ok: false,
      detail: 'no ETIMS_PIN and ETIMS_DEVICE_SERIAL: invoices would go to the built-in simulator',
      fix: 'Set ETIMS_PIN, ETIMS_DEVICE_SERIAL (the OSCU serial KRA approved) and ETIMS_ENV=production (docs/etims.md, Going live).',
    };
  const { tin, bhfId, dvcSrlNo } = etimsDevice(env);
  const [row] = await db
    .select()
    .from(etimsDevices)
    .where(and(eq(etimsDevices.tin, tin), eq(etimsDevices.bhfId, bhfId), eq(etimsDevices.dvcSrlNo, dvcSrlNo)));
  if (!row?.cmcKey || !row.initialisedAt)
    return { ok: false, detail: `device ${dvcSrlNo} (PIN ${tin}, branch ${bhfId}) is not initialised in this database`, fix: START_SHOP };
  return row;
}

export const isResult = (v: DeviceRow | CheckResult): v is CheckResult => 'detail' in v;

export const etimsDeviceCheck: GoLiveCheck = {
  name: 'KRA eTIMS device',
  async run(input) {
    const device = await deviceOrStop(input);
    if (isResult(device)) return device;
    const { env, now, callTimeoutMs } = input;
    const where = `${env.ETIMS_ENV} ${env.ETIMS_GATEWAY} host ${resolveEtimsBaseUrl(env)}`;
    try {
      // Nothing is newer than now: KRA answers 001 (or an empty list), and has read the key and the token.
      await createKraEtimsClient(env, callTimeoutMs).codeLists(device.cmcKey ?? '', kraDateTime(now()));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const fix =
        err instanceof EtimsError && err.kind === 'device'
          ? 'KRA refused the device’s key or the token: check ETIMS_PIN, ETIMS_BRANCH_ID, ETIMS_CONSUMER_KEY, ETIMS_CONSUMER_SECRET and ETIMS_SEND_TOKEN against what KRA issued.'
          : err instanceof EtimsError && err.kind === 'unreachable'
            ? 'Check ETIMS_ENV, ETIMS_GATEWAY and ETIMS_BASE_URL, and that this machine reaches KRA.'
            : 'Read KRA’s message; docs/etims.md lists what is unconfirmed.';
      return { ok: false, detail: `initialised (CU ${device.sdcId}), but KRA at the ${where} refused a call: ${why}`, fix };
    }
    const token = env.ETIMS_CONSUMER_KEY ? ' with a token' : '';
    return {
      ok: true,
      detail: `initialised (CU ${device.sdcId}, PIN ${device.tin}, branch ${device.bhfId}); KRA at the ${where} answers${token}`,
    };
  },
};

export const etimsCodeListsCheck: GoLiveCheck = {
  name: 'KRA eTIMS code lists',
  async run(input) {
    const device = await deviceOrStop(input);
    if (isResult(device)) return device.ok ? device : { ...device, detail: 'no device yet, so no code lists' };
    const codes = (device.codeLists as CodeClass[] | null) ?? [];
    const classes = (device.itemClasses as ItemClass[] | null) ?? [];
    const taxTypes = codes.find((c) => c.cdCls === '04')?.dtlList ?? [];
    const missing = [
      taxTypes.length === 0 && 'tax types (class 04)',
      !codes.some((c) => c.cdCls === '07') && 'payment types (class 07)',
      classes.length === 0 && 'item classes',
    ].filter(Boolean);
    if (missing.length > 0)
      return {
        ok: false,
        detail: `KRA's lists in this database lack ${missing.join(', ')}`,
        fix: `${START_SHOP} If KRA refuses the first pull's old date, see ETIMS_LAST_REQ_MAX_DAYS (docs/etims.md).`,
      };
    const age = device.codesRefreshedAt ? input.now().getTime() - device.codesRefreshedAt.getTime() : Infinity;
    const rates = taxTypes.map((d) => `${d.cd} ${d.userDfnCd1 ?? '?'}%`).join(', ');
    const detail = `${codes.length} code classes and ${classes.length} item classes cached; rates ${rates}`;
    if (age > 2 * DAY_MS)
      return {
        ok: true,
        warning: true,
        detail: `${detail}, but last fetched over two days ago`,
        fix: 'Keep the shop running: it fetches them again every day.',
      };
    return { ok: true, detail };
  },
};

export const etimsItemsCheck: GoLiveCheck = {
  name: 'KRA eTIMS items',
  async run(input) {
    const device = await deviceOrStop(input);
    if (isResult(device)) return device.ok ? device : { ...device, detail: 'no device yet, so no items' };
    const { env, db } = input;
    const listed = new Set(((device.itemClasses as ItemClass[] | null) ?? []).filter((c) => c.useYn !== 'N').map((c) => c.itemClsCd));
    const onSale = await db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        itemClass: products.etimsItemClass,
        stockUnit: products.stockUnit,
      })
      .from(products)
      .where(and(eq(products.published, true), isNull(products.archivedAt)));
    const wanted = [
      ...onSale.map((p) => ({ key: productItemKey(p.id, p.stockUnit), name: p.name, cls: p.itemClass ?? itemClassFor(env, p.category) })),
      { key: DELIVERY_ITEM_KEY, name: 'Delivery', cls: itemClassFor(env, 'delivery') },
    ];
    if (listed.size === 0) return { ok: false, detail: "KRA's item classes are not cached yet", fix: START_SHOP };
    const unlisted = wanted.filter((w) => !listed.has(w.cls));
    if (unlisted.length > 0)
      return {
        ok: false,
        detail: `KRA's list has no class for ${unlisted.map((w) => `${w.name} (${w.cls})`).join(', ')}: KRA would refuse their sales`,
        fix: "Choose each product's KRA item class in its form (Products), and set ETIMS_ITEM_CLASSES for the categories and delivery (docs/etims.md).",
      };
    const items = await db.select().from(etimsItems).where(eq(etimsItems.deviceId, device.id));
    const current = (w: (typeof wanted)[number]) => items.some((i) => i.itemKey === w.key && i.registeredAt && i.itemClsCd === w.cls);
    const waiting = wanted.filter((w) => !current(w));
    if (waiting.length > 0)
      return {
        ok: true,
        warning: true,
        detail: `${wanted.length - waiting.length} of ${wanted.length} items registered at KRA under their classes; not yet: ${waiting
          .slice(0, 5)
          .map((w) => w.name)
          .join(', ')}${waiting.length > 5 ? ` and ${waiting.length - 5} more` : ''}`,
        fix: 'Each item is registered before its first sale; a sale of each in KRA’s sandbox test shows KRA takes them (docs/go-live.md).',
      };
    return { ok: true, detail: `all ${wanted.length} items on sale registered at KRA under classes KRA lists` };
  },
};
