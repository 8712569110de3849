// The shop's eTIMS device: initialised at KRA once (its communication key kept in etims_devices),
// KRA's code lists and item classes cached and refreshed daily, and every product (and the delivery
// service) registered as an item before an invoice names it. Callers hold the etims lock, so one
// instance talks to KRA for the device at a time.
import { and, eq, sql } from 'drizzle-orm';
import type { BandRates } from '@/domain/etims-invoice';
import { TAX_BAND_RATE_BP, TAX_BANDS, type TaxBand } from '@/domain/tax-bands';
import type { StockUnit } from '@/domain/stock-units';
import type { ServerContext } from '../../context';
import { LOCKS } from '../../db/locks';
import { etimsDevices, etimsItems } from '../../db/schema';
import { kraDateTime } from '../../integrations/etims/etims-dates';
import { EtimsError, type CodeClass, type EtimsIntegration, type ItemClass } from '../../integrations/etims/etims-types';
import { amount, type RegisteredItem } from '../../integrations/etims/etims-sale-request';
import { itemClassFor } from './item-class-defaults';
import { pullSince } from './code-list-pull';

type DeviceRow = typeof etimsDevices.$inferSelect;
export type ReadyDevice = DeviceRow & { cmcKey: string; sdcId: string };

const DAY_MS = 24 * 60 * 60_000;
/** A date before any code KRA lists: asks for everything. */
const EVERYTHING = '20180101000000';

/** The device row for the configured PIN, branch and serial, created on first use. */
async function deviceRow(ctx: ServerContext, etims: EtimsIntegration): Promise<DeviceRow> {
  const { tin, bhfId, dvcSrlNo } = etims.device;
  await ctx.db.insert(etimsDevices).values({ tin, bhfId, dvcSrlNo, createdAt: ctx.now() }).onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(etimsDevices)
    .where(and(eq(etimsDevices.tin, tin), eq(etimsDevices.bhfId, bhfId), eq(etimsDevices.dvcSrlNo, dvcSrlNo)));
  if (!row) throw new Error('The eTIMS device row could not be created');
  return row;
}

/** The device, initialised at KRA (once) and with code lists no older than a day. */
export async function readyDevice(ctx: ServerContext, etims: EtimsIntegration): Promise<ReadyDevice> {
  let row = await deviceRow(ctx, etims);
  if (!row.initialisedAt || !row.cmcKey) {
    let info;
    try {
      info = await etims.client.initialize(row.dvcSrlNo);
    } catch (err) {
      if (err instanceof EtimsError && err.code === '902') {
        throw new Error(
          'KRA says this eTIMS device is already installed, but this database holds no communication key for it. ' +
            'Initialising again may corrupt the device at KRA: restore the database that initialised it, or ask KRA for a new device serial.',
          { cause: err },
        );
      }
      throw err;
    }
    [row = row] = await ctx.db
      .update(etimsDevices)
      .set({
        dvcId: info.dvcId,
        sdcId: info.sdcId,
        mrcNo: info.mrcNo,
        cmcKey: info.cmcKey,
        taxpayerName: info.taxprNm,
        branchName: info.bhfNm,
        initialisedAt: ctx.now(),
      })
      .where(eq(etimsDevices.id, row.id))
      .returning();
    ctx.logger.info({ tin: row.tin, bhfId: row.bhfId, sdcId: info.sdcId }, 'eTIMS device initialised');
  }
  if (!row.codesRefreshedAt || ctx.now().getTime() - row.codesRefreshedAt.getTime() >= DAY_MS) row = await refreshCodes(ctx, etims, row);
  if (!row.cmcKey || !row.sdcId) throw new Error('The eTIMS device has no communication key');
  return { ...row, cmcKey: row.cmcKey, sdcId: row.sdcId };
}

/** Pulls what changed in KRA's code lists and item classes since the last pull, and keeps the merged lists. */
async function refreshCodes(ctx: ServerContext, etims: EtimsIntegration, row: DeviceRow): Promise<DeviceRow> {
  if (!row.cmcKey) return row;
  const since = row.codesRefreshedAt && row.codeLists ? kraDateTime(row.codesRefreshedAt) : EVERYTHING;
  const cmcKey = row.cmcKey;
  const changedCodes = await pullSince(ctx, 'code lists', since, (d) => etims.client.codeLists(cmcKey, d));
  const changedClasses = await pullSince(ctx, 'item classes', row.itemClasses ? since : EVERYTHING, (d) =>
    etims.client.itemClasses(cmcKey, d),
  );
  const codes = new Map(((row.codeLists as CodeClass[] | null) ?? []).map((c) => [c.cdCls, c]));
  for (const c of changedCodes) codes.set(c.cdCls, c);
  const classes = new Map(((row.itemClasses as ItemClass[] | null) ?? []).map((c) => [c.itemClsCd, c]));
  for (const c of changedClasses) classes.set(c.itemClsCd, c);
  const [updated] = await ctx.db
    .update(etimsDevices)
    .set({ codeLists: [...codes.values()], itemClasses: [...classes.values()], codesRefreshedAt: ctx.now() })
    .where(eq(etimsDevices.id, row.id))
    .returning();
  return updated ?? row;
}

/** The daily job: refresh the code lists when they are a day old (initialising the device if it never was). */
export async function refreshEtimsCodes(ctx: ServerContext): Promise<void> {
  const etims = ctx.integrations.etims;
  if (!etims) return;
  await ctx.database.withLock(LOCKS.etims, () => readyDevice(ctx, etims));
}

/** Band rates from KRA's class 04 list (the rate in userDfnCd1), else the defaults. */
export function bandRates(device: DeviceRow): BandRates {
  const rates = { ...TAX_BAND_RATE_BP };
  const taxTypes = ((device.codeLists as CodeClass[] | null) ?? []).find((c) => c.cdCls === '04');
  for (const detail of taxTypes?.dtlList ?? []) {
    const rate = Number(detail.userDfnCd1);
    if ((TAX_BANDS as readonly string[]).includes(detail.cd) && Number.isFinite(rate) && rate >= 0)
      rates[detail.cd as TaxBand] = Math.round(rate * 100);
  }
  return rates;
}

/** KRA's code (class 07) for how the customer paid, matched by name; null when it cannot tell. */
export function paymentTypeCode(device: DeviceRow, paymentMethod: string | null): string | null {
  if (!paymentMethod) return null;
  const wanted = /m-?pesa|mobile|airtel/i.test(paymentMethod)
    ? /mobile/i
    : /card|visa|master/i.test(paymentMethod)
      ? /card/i
      : /^cash$/i.test(paymentMethod)
        ? /^cash$/i
        : null;
  if (!wanted) return null;
  const methods = ((device.codeLists as CodeClass[] | null) ?? []).find((c) => c.cdCls === '07');
  return methods?.dtlList.find((d) => wanted.test(d.cdNm.trim()))?.cd ?? null;
}

export interface WantedItem {
  itemKey: string;
  productId: string | null;
  name: string;
  /** The product's category ('fish', 'chicken', …), or 'delivery'. */
  category: string;
  /** The KRA item class the merchant chose for the product; null: its category's. */
  itemClass: string | null;
  service: boolean;
  band: TaxBand;
  /** Its default price: per piece, or per kg for an item counted in kg. */
  priceCents: number;
  /** How KRA counts it: pieces ('NO', as every item so far), or kg ('KG'); pieces when left out. */
  unit?: StockUnit;
}

/**
 * Every wanted item registered at KRA with its current name, band and class: a new one gets the
 * device's next item code (KE + type + packaging + unit + running number); a changed one is saved again.
 * The unit is part of the code, so a product counted in kg is an item of its own (decision 050).
 */
export async function registerItems(
  ctx: ServerContext,
  etims: EtimsIntegration,
  device: ReadyDevice,
  wanted: WantedItem[],
): Promise<Map<string, RegisteredItem>> {
  const registered = new Map<string, RegisteredItem>();
  for (const want of wanted) {
    if (registered.has(want.itemKey)) continue;
    const itemClsCd = want.itemClass ?? itemClassFor(ctx.env, want.category);
    let [row] = await ctx.db
      .select()
      .from(etimsItems)
      .where(and(eq(etimsItems.deviceId, device.id), eq(etimsItems.itemKey, want.itemKey)));
    if (!row) {
      const itemTyCd = want.service ? '3' : '2';
      const pkgUnitCd = want.service ? 'OU' : 'NT';
      const qtyUnitCd = want.unit === 'kg' ? 'KG' : 'NO';
      [row] = await ctx.db.transaction(async (tx) => {
        const [seq] = await tx
          .update(etimsDevices)
          .set({ nextItemSeq: sql`${etimsDevices.nextItemSeq} + 1` })
          .where(eq(etimsDevices.id, device.id))
          .returning({ taken: sql<number>`${etimsDevices.nextItemSeq} - 1` });
        const itemCd = `KE${itemTyCd}${pkgUnitCd}${qtyUnitCd}${String(seq?.taken ?? 0).padStart(7, '0')}`;
        return tx
          .insert(etimsItems)
          .values({
            deviceId: device.id,
            itemKey: want.itemKey,
            productId: want.productId,
            itemCd,
            itemClsCd,
            itemTyCd,
            pkgUnitCd,
            qtyUnitCd,
            taxTyCd: want.band,
            itemNm: want.name,
            createdAt: ctx.now(),
          })
          .returning();
      });
    }
    if (!row) throw new Error(`Item ${want.itemKey} could not be recorded`);
    if (!row.registeredAt || row.taxTyCd !== want.band || row.itemNm !== want.name || row.itemClsCd !== itemClsCd) {
      await etims.client.saveItem(device.cmcKey, {
        itemCd: row.itemCd,
        itemClsCd,
        itemTyCd: row.itemTyCd as '1' | '2' | '3',
        itemNm: want.name.slice(0, 200),
        itemStdNm: null,
        orgnNatCd: 'KE',
        pkgUnitCd: row.pkgUnitCd,
        qtyUnitCd: row.qtyUnitCd,
        taxTyCd: want.band,
        btchNo: null,
        bcd: null,
        dftPrc: amount(want.priceCents),
        grpPrcL1: null,
        grpPrcL2: null,
        grpPrcL3: null,
        grpPrcL4: null,
        grpPrcL5: null,
        addInfo: null,
        sftyQty: null,
        isrcAplcbYn: 'N',
        useYn: 'Y',
        regrId: 'shop',
        regrNm: 'online-shop',
        modrId: 'shop',
        modrNm: 'online-shop',
      });
      [row = row] = await ctx.db
        .update(etimsItems)
        .set({ registeredAt: ctx.now(), taxTyCd: want.band, itemNm: want.name, itemClsCd })
        .where(eq(etimsItems.id, row.id))
        .returning();
    }
    registered.set(want.itemKey, { itemCd: row.itemCd, itemClsCd: row.itemClsCd, pkgUnitCd: row.pkgUnitCd, qtyUnitCd: row.qtyUnitCd });
  }
  return registered;
}
