// What the back office shows of stock declared to KRA: how many wait, since when, how many waited
// longer than ETIMS_LATE_AFTER_MINUTES, and why the first one is held (declarations go in sarNo
// order, so one KRA keeps refusing holds back every one after it).
import { asc, inArray, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { etimsStockMoves } from '../../db/schema';
import { etimsLateBefore } from './etims-lateness';

const UNSENT = ['queued', 'failed'] as const;

export interface StockDeclarationStatus {
  waiting: number;
  failed: number;
  oldestWaitingSince: string | null;
  late: number;
  /** The first waiting declaration's number and its last error, when it failed. */
  heldBy: { sarNo: number; error: string } | null;
}

export async function stockDeclarationStatus(ctx: ServerContext): Promise<StockDeclarationStatus> {
  const lateBefore = etimsLateBefore(ctx);
  const [counts] = await ctx.db
    .select({
      waiting: sql<number>`count(*)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${etimsStockMoves.status} = 'failed')`.mapWith(Number),
      oldest: sql<Date | null>`min(${etimsStockMoves.createdAt})`.mapWith(etimsStockMoves.createdAt),
      late: sql<number>`count(*) filter (where ${etimsStockMoves.createdAt} < ${lateBefore.toISOString()})`.mapWith(Number),
    })
    .from(etimsStockMoves)
    .where(inArray(etimsStockMoves.status, UNSENT));
  const [first] = await ctx.db
    .select({ sarNo: etimsStockMoves.sarNo, status: etimsStockMoves.status, error: etimsStockMoves.error })
    .from(etimsStockMoves)
    .where(inArray(etimsStockMoves.status, UNSENT))
    .orderBy(asc(etimsStockMoves.sarNo))
    .limit(1);
  return {
    waiting: counts?.waiting ?? 0,
    failed: counts?.failed ?? 0,
    oldestWaitingSince: counts?.oldest?.toISOString() ?? null,
    // Declarations queue while eTIMS is off too (KRA must hold the shop's stock once it is on): late only when they could go.
    late: ctx.integrations.etims ? (counts?.late ?? 0) : 0,
    heldBy: first?.status === 'failed' && first.error ? { sarNo: first.sarNo, error: first.error } : null,
  };
}
