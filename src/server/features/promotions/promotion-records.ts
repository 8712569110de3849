// A promotions row as the domain reads it (src/domain/promotions.ts).
import type { Promotion } from '@/domain/promotions';
import type { promotions } from '../../db/schema';

export type PromotionRow = typeof promotions.$inferSelect;

export function promotionFromRow(row: PromotionRow): Promotion {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: row.value,
    minimumSpendCents: row.minimumSpend,
    firstOrderOnly: row.firstOrderOnly,
    perCustomerLimit: row.perCustomerLimit,
    totalLimit: row.totalLimit,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    weekdays: row.weekdays,
    scope: row.scope,
    scopeIds: row.scopeIds,
    active: row.active,
  };
}
