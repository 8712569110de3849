// Refunds of one order at the same moment never give back more than was paid (decision 049): two
// partial refunds of one line, or a partial refund beside 'Cancel and refund', are decided one
// after the other (the cancel lock, then the order's row lock under which what is left is read and
// the refund claimed). Sent together (on PostgreSQL each on its own connection), one is made and the
// other refused with the reason, and the live refunds stay within the payment.
import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCKS } from '../../src/server/db/locks';
import { paymentRefunds } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { orderRow } from './checkout-support';
import { createTaxShop, disposeTaxShop, type TaxShop } from './etims-support';
import { cancelAndRefund, errorOf, paidOrder, refundPart, refundsOf } from './partial-refund-support';

const RACES = 4;

describe.each(dbKinds(import.meta.url))('partial refunds at the same moment on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  /**
   * Both requests queued at the refunds' lock before either may go: `first` queued first, so it is
   * decided first. Which one wins is then the test's choice, not the machine's scheduling.
   */
  const queuedInTurn = async <A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> => {
    const queued = (n: number) => expect.poll(() => shop.ctx.database.lockWaiters(LOCKS.adminOrderCancel)).toBe(n);
    let requests: [Promise<A>, Promise<B>] | undefined;
    await shop.ctx.database.withLock(LOCKS.adminOrderCancel, async () => {
      const a = first();
      await queued(1);
      const b = second();
      await queued(2);
      requests = [a, b];
    });
    return Promise.all(requests!);
  };

  const heldOf = async (paymentId: string) =>
    (await refundsOf(shop, paymentId)).filter((r) => ['requested', 'manual_needed', 'refunded'].includes(r.status));

  it('makes one of two refunds of the same line, and refuses the other with what is left', async () => {
    for (let i = 0; i < RACES; i++) {
      const order = await paidOrder(shop);
      const tilapia = order.items['fresh-whole-tilapia']!;
      // Each asks for 60 % of the line: both together would be more than was paid for it.
      const answers = await Promise.all([
        refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 90_000, restockQuantity: 1 }], 'First'),
        refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 90_000, restockQuantity: 1 }], 'Second'),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.status === 400)!;
      expect(await errorOf(refused)).toBe('You can refund at most KES 608.00 more for Fresh Whole Tilapia (1 kg).');
      const held = await heldOf(order.paymentId);
      expect(held.map((r) => r.amount)).toEqual([90_000]);
      expect(held.reduce((sum, r) => sum + r.amount, 0)).toBeLessThanOrEqual((await orderRow(shop, order.orderId)).totalAmount);
    }
  });

  it('decides a partial refund and a cancellation sent together one after the other, never refunding more than was paid', async () => {
    for (let i = 0; i < RACES; i++) {
      const order = await paidOrder(shop);
      const tilapia = order.items['fresh-whole-tilapia']!;
      const partly = () =>
        refundPart(shop, order.orderId, [{ orderItemId: tilapia.id, amountCents: 9_500, restockQuantity: 0 }], 'Light fish');
      const cancelling = () => cancelAndRefund(shop, order.orderId, 'Customer cancelled');
      // Each goes first in turn, and the first queued is decided first.
      const partFirst = i % 2 === 0;
      const [part, cancel] = partFirst
        ? await queuedInTurn(partly, cancelling)
        : await queuedInTurn(cancelling, partly).then(([c, p]) => [p, c] as const);
      expect([part.status, cancel.status]).toEqual(partFirst ? [200, 409] : [409, 200]);
      const total = (await orderRow(shop, order.orderId)).totalAmount;
      const held = await heldOf(order.paymentId);
      if (partFirst) {
        expect(await errorOf(cancel)).toBe(
          'A refund of KES 95.00 is still waiting for Pesapal: wait until it is made or rejected before cancelling.',
        );
        expect(held.map((r) => [r.kind, r.amount])).toEqual([['partial', 9_500]]);
        expect((await orderRow(shop, order.orderId)).status).toBe('completed');
      } else {
        expect(await errorOf(part)).toBe('This order is waiting for its refund, so it cannot be partly refunded.');
        expect(held.map((r) => [r.kind, r.amount])).toEqual([['whole', total]]);
        expect((await orderRow(shop, order.orderId)).status).toBe('refund_requested');
      }
      expect(held.reduce((sum, r) => sum + r.amount, 0)).toBeLessThanOrEqual(total);
    }
    // Nothing was asked of Pesapal that the shop did not record.
    const recorded = await shop.ctx.db
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.status, ['requested', 'refunded']));
    expect(shop.sim.state.requestLog.filter((r) => r.op === 'RefundRequest')).toHaveLength(recorded.length);
  });
});
