// The simulator's stock: what KRA holds of each item, moved by insertStockIO (each under the PIN's
// next sarNo exactly) and confirmed by saveStockMaster (only after a stock IO of the item, and only
// with the quantity KRA's own ledger holds), with the sandbox's messages. A sale does not move
// stock here: its stock IO (type 11) does, declared after it.
import type { ItemSaveRequest, StockIOSaveRequest, StockMasterSaveRequest } from '../../integrations/etims/etims-types';
import { parseKraDateTime } from '../../integrations/etims/etims-dates';

/** What KRA accepted, in the order it arrived. */
export type StockEntry =
  | { op: 'insertStockIO'; sarNo: number; sarTyCd: string; itemCd: string; qty: number }
  | { op: 'saveStockMaster'; itemCd: string; rsdQty: number };

export interface StockBook {
  nextSarNo: number;
  /** Units KRA holds per item code. */
  held: Map<string, number>;
  accepted: StockEntry[];
}

export const newStockBook = (): StockBook => ({ nextSarNo: 1, held: new Map(), accepted: [] });

type Verdict = { ok: true } | { ok: false; code: string; message: string };
const refuse = (message: string, code = '910'): Verdict => ({ ok: false, code, message });
const OUT = /^1[1-6]$/;
const IN = /^0[1-6]$/;

const nonZero = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v !== 0;

export function takeStockIO(input: unknown, book: StockBook, items: ReadonlyMap<string, ItemSaveRequest>): Verdict {
  if (typeof input !== 'object' || input === null) return refuse('Request body is missing', '911');
  const io = input as StockIOSaveRequest;
  if (typeof io.sarNo !== 'number' || io.sarNo !== book.nextSarNo)
    return refuse(`Invalid sarNo: Expected: ${book.nextSarNo} but found: ${String(io.sarNo)}`);
  if (typeof io.orgSarNo !== 'number' || !Number.isInteger(io.orgSarNo)) return refuse('Invalid orgSarNo: it must be a number');
  if (io.regTyCd !== 'A' && io.regTyCd !== 'M') return refuse(`Invalid regTyCd: ${String(io.regTyCd)}`);
  if (typeof io.sarTyCd !== 'string' || !(IN.test(io.sarTyCd) || OUT.test(io.sarTyCd)))
    return refuse(`Invalid sarTyCd: ${String(io.sarTyCd)}`);
  if (typeof io.ocrnDt !== 'string' || io.ocrnDt.length !== 8 || !parseKraDateTime(io.ocrnDt))
    return refuse(`Invalid ocrnDt: ${String(io.ocrnDt)}`);
  if (!Array.isArray(io.itemList) || io.itemList.length === 0) return refuse('Expected a value for itemList but is empty or null');
  if (io.totItemCnt !== io.itemList.length)
    return refuse(`Invalid totItemCnt. Expected: ${io.itemList.length}, Found: ${String(io.totItemCnt)}`);
  if (!nonZero(io.totAmt)) return refuse('Expected a value for totAmt but it is empty or null');
  for (const [index, line] of io.itemList.entries()) {
    const n = index + 1;
    const item = items.get(line.itemCd);
    if (!item || item.useYn !== 'Y')
      return refuse(
        `Items provided under the itemList section do not exist in your inventory: ${String(line.itemCd)}. Ensure it is added under item management package`,
      );
    if (item.itemTyCd === '3') return refuse(`Item ${line.itemCd} is a service: services have no stock`);
    if (line.qtyUnitCd !== item.qtyUnitCd)
      return refuse(`Invalid qtyUnitCd on item: ${n}. Expected: ${item.qtyUnitCd}, Found: ${String(line.qtyUnitCd)}`);
    if (typeof line.qty !== 'number' || !(line.qty > 0)) return refuse(`Invalid qty on item: ${n}`);
    if (!nonZero(line.totAmt) || !nonZero(line.splyAmt) || !nonZero(line.prc))
      return refuse(`Expected a value for totAmt on item: ${n} but it is empty or null`);
  }
  const sign = OUT.test(io.sarTyCd) ? -1 : 1;
  for (const line of io.itemList) {
    book.held.set(line.itemCd, (book.held.get(line.itemCd) ?? 0) + sign * line.qty);
    book.accepted.push({ op: 'insertStockIO', sarNo: io.sarNo, sarTyCd: io.sarTyCd, itemCd: line.itemCd, qty: line.qty });
  }
  book.nextSarNo += 1;
  return { ok: true };
}

export function takeStockMaster(input: unknown, book: StockBook, items: ReadonlyMap<string, ItemSaveRequest>): Verdict {
  if (typeof input !== 'object' || input === null) return refuse('Request body is missing', '911');
  const master = input as StockMasterSaveRequest;
  if (!items.has(master.itemCd)) return refuse(`Item ${String(master.itemCd)} does not exist in your inventory`);
  const held = book.held.get(master.itemCd);
  if (held === undefined) return refuse('Stock IO is empty, consider adding items to the stock IO first');
  if (typeof master.rsdQty !== 'number' || Math.abs(master.rsdQty - held) > 1e-9)
    return refuse(`Invalid rsdQty for ${master.itemCd}: Expected: ${held} but found: ${String(master.rsdQty)}`);
  book.accepted.push({ op: 'saveStockMaster', itemCd: master.itemCd, rsdQty: master.rsdQty });
  return { ok: true };
}
