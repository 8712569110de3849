// KRA eTIMS stock: every stock movement of a goods item is declared (insertStockIO, then
// saveStockMaster) in sarNo order; a declaration KRA refuses holds up all after it, and KRA's
// sandbox refuses a sale of an item it holds no stock for. The check reads what is waiting.
import { count, eq, inArray, min } from 'drizzle-orm';
import { etimsStockMoves } from '../db/schema';
import type { GoLiveCheck } from './go-live-check';
import { deviceOrStop, isResult } from './etims-checks';

/** Waiting longer than this is a stuck queue, not one between two rounds. */
const LATE_MS = 15 * 60_000;

export const etimsStockCheck: GoLiveCheck = {
  name: 'KRA eTIMS stock reports',
  async run(input) {
    const device = await deviceOrStop(input);
    if (isResult(device)) return device.ok ? device : { ...device, detail: 'no device yet, so no stock reports' };
    const [sent] = await input.db.select({ n: count() }).from(etimsStockMoves).where(eq(etimsStockMoves.status, 'sent'));
    const [waiting] = await input.db
      .select({ n: count(), oldest: min(etimsStockMoves.createdAt) })
      .from(etimsStockMoves)
      .where(inArray(etimsStockMoves.status, ['queued', 'failed']));
    const waitingCount = Number(waiting?.n ?? 0);
    const declared = `${Number(sent?.n ?? 0)} stock movements declared with their stock master`;
    const oldest = waiting?.oldest ?? null;
    if (waitingCount === 0 || oldest === null) return { ok: true, detail: `${declared}, none waiting` };
    const late = input.now().getTime() - new Date(oldest).getTime() > LATE_MS;
    if (!late) return { ok: true, detail: `${declared}; ${waitingCount} going out in the next round` };
    return {
      ok: false,
      detail: `${declared}; ${waitingCount} waiting, the oldest since ${new Date(oldest).toISOString()}`,
      fix: 'KRA has not taken the oldest stock declaration: read its error in the shop’s log (etims stock), fix it (an item not registered, the device), and the queue goes on in sarNo order (docs/etims.md, Stock reported to KRA).',
    };
  },
};
