// Shared set-up for the promotions tests: a promotion written as the back office would keep it.
import { promotions } from '../../src/server/db/schema';
import type { TestApp } from '../support/test-app';

export type NewPromotion = Partial<typeof promotions.$inferInsert>;

export async function addPromotion(t: TestApp, values: NewPromotion = {}) {
  const [row] = await t.ctx.db
    .insert(promotions)
    .values({ code: 'FISHFRIDAY', name: 'Fish Friday', kind: 'percent', value: 10, ...values })
    .returning();
  if (!row) throw new Error('promotion not inserted');
  return row;
}
