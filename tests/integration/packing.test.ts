// Packing a paid order: the pick list of its delivery window, each line packed (a fish weighed),
// replaced or unavailable, and 'Finish packing', which works out what the customer is owed back
// against what she paid for each line (its VAT share included), stores it, takes the substitutes
// from stock, moves the order to 'processing', flags the refund for the owner and tells her once.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  etimsStockMoves,
  morningSummaries,
  orderItems,
  orders,
  outboundMail,
  products,
  outboundSms,
  paymentRefunds,
  productVariants,
  stockMovements,
} from '../../src/server/db/schema';
import { PACKING_SETTLE_GRACE_MS, reconcilePackingRefunds } from '../../src/server/features/packing/packing-reconciliation';
import { settlePackingDifference } from '../../src/server/features/packing/packing-money';
import { refundPartOfOrder } from '../../src/server/features/refunds/partial-refund.service';
import { sendMorningSummary } from '../../src/server/features/merchant-notices/morning-summary.service';
import { nairobiClock } from '../../src/domain/merchant-notices';
import { dbKinds } from '../support/test-database';
import { disposeShop } from './checkout-support';
import {
  approveRefund,
  asStaff,
  createPackingShop,
  creditNotesOf,
  mailOf,
  packingRefundOf,
  paidOrder,
  refundLinesOf,
  refundRequests,
  slotOf,
  smsOf,
  trackingOf,
  type PackingShop,
} from './packing-support';

type ErrorBody = { error: { message: string; fields?: Record<string, string> } };
interface PickLineView {
  id: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  paidCents: number;
  nominalGrams: number | null;
  expectedGrams: number | null;
  ifUnavailable: string;
  note: string;
  packing: { outcome: string; weighedGrams: number | null; substitute: { name: string } | null; owedCents: number } | null;
}
interface PickOrderView {
  orderId: string;
  note: string;
  slot: string;
  lines: PickLineView[];
  undecided: number;
  owedCents: number | null;
  changes: string[];
  finished: {
    by: string | null;
    refundCents: number;
    paidCents: number;
    sentCents: number;
    refund: { id: string; status: string } | null;
  } | null;
}
interface PickListView {
  day: string;
  slots: { slot: string; orders: number; packed: number }[];
  slot: string | null;
  orders: PickOrderView[];
}

const TILAPIA = 'Tilapia — Large, Scaled & gutted';
const CHICKEN = 'Farm Chicken — Whole broiler';
/** A name as an SMS writes it (GSM-7 has no long dash). */
const gsm = (name: string) => name.replace('—', '-');

describe.each(dbKinds(import.meta.url))('packing on %s', (kind) => {
  // Two shops for the whole file, each order a test's own: prices with VAT in them (whole
  // shillings), and VAT on top with the chicken in band E (8%).
  let included: PackingShop;
  let onTop: PackingShop;
  /** The shop the running test uses. */
  let shop: PackingShop | undefined;
  beforeAll(async () => {
    included = await createPackingShop(kind, { pricesIncludeVat: true });
    onTop = await createPackingShop(kind, { pricesIncludeVat: false, chickenBand: 'E' });
    // Two seeded shops on a machine shared by many: setting them up may take longer than a test.
  }, 180_000);
  afterAll(async () => {
    await disposeShop(included);
    await disposeShop(onTop);
  });
  /** Sets a variant's stock for the length of `run`, then puts back what it was. */
  async function withStock(variantId: string, stock: number, run: () => Promise<void>) {
    const [before] = await shop!.ctx.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    await shop!.ctx.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
    try {
      await run();
    } finally {
      await shop!.ctx.db.update(productVariants).set({ stock: before!.stock }).where(eq(productVariants.id, variantId));
    }
  }

  async function pickList(orderId: string): Promise<PickListView> {
    const { day, slot } = await slotOf(shop!, orderId);
    const res = await asStaff(shop!, `?day=${day}&slot=${encodeURIComponent(slot)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as PickListView;
  }
  const cardOf = async (orderId: string) => (await pickList(orderId)).orders.find((o) => o.orderId === orderId)!;
  const lineOf = async (orderId: string, name: string) => (await cardOf(orderId)).lines.find((l) => l.name === name)!;
  const record = (itemId: string, json: unknown, who?: PackingShop['packer']) =>
    asStaff(shop!, `/items/${itemId}`, { method: 'POST', json }, who);
  const finish = (orderId: string, who?: PackingShop['packer']) => asStaff(shop!, `/orders/${orderId}/finish`, { method: 'POST' }, who);
  const items = async (orderId: string) =>
    Object.fromEntries(
      (await shop!.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).map((i) => [i.productName, i]),
    );
  const orderOf = async (orderId: string) => (await shop!.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it("lists the window's paid orders with each line to pick: quantity, price paid, expected weight, the customer's choice and notes", async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const list = await pickList(orderId);
    const { slot } = await slotOf(shop, orderId);
    expect(list.slot).toBe(slot);
    expect(list.slots.find((x) => x.slot === slot)).toEqual({
      slot,
      orders: list.orders.length,
      packed: list.orders.filter((o) => o.finished).length,
    });
    const card = list.orders.find((o) => o.orderId === orderId)!;
    expect(card).toMatchObject({ note: 'Ring the bell twice', slot, undecided: 2, owedCents: null, finished: null });
    expect(card.lines.map(({ id: _id, ...l }) => l)).toEqual([
      {
        name: CHICKEN,
        quantity: 1,
        unitPriceCents: 85_000,
        paidCents: 85_000,
        nominalGrams: null,
        expectedGrams: null,
        ifUnavailable: 'remove',
        note: '',
        packing: null,
      },
      {
        name: TILAPIA,
        quantity: 1,
        unitPriceCents: 133_000,
        paidCents: 133_000,
        nominalGrams: 700,
        expectedGrams: 700,
        ifUnavailable: 'similar',
        note: 'no head',
        packing: null,
      },
    ]);
    // The nominal weight was kept on the line at checkout, for a product sold by the kilo only.
    const stored = await items(orderId);
    expect([stored[TILAPIA]?.nominalGrams, stored[CHICKEN]?.nominalGrams]).toEqual([700, null]);
    // A rider packs nothing.
    const rider = await (await import('../support/test-app')).createUser(shop, { role: 'rider', phone: '+254733000999' });
    expect((await asStaff(shop, '', {}, rider)).status).toBe(403);
  });

  it('records each outcome, and undoes one before finishing', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const tilapia = await lineOf(orderId, TILAPIA);
    const chicken = await lineOf(orderId, CHICKEN);

    const weighed = await record(tilapia.id, { outcome: 'packed', weighedGrams: 650 });
    expect(weighed.status, await weighed.clone().text()).toBe(200);
    expect(((await weighed.json()) as PickOrderView).lines.find((l) => l.id === tilapia.id)?.packing).toMatchObject({
      outcome: 'packed',
      weighedGrams: 650,
      owedCents: 9_500,
    });
    expect((await record(chicken.id, { outcome: 'unavailable' })).status).toBe(200);
    let row = await items(orderId);
    expect(row[TILAPIA]).toMatchObject({ packingOutcome: 'packed', weighedGrams: 650, packedBy: shop.packer.id, packingRefund: null });
    expect(row[CHICKEN]).toMatchObject({ packingOutcome: 'unavailable', weighedGrams: null, packedBy: shop.packer.id });
    expect(await cardOf(orderId)).toMatchObject({ undecided: 0, owedCents: 94_500 });

    // Not finished: the order pages say nothing of packing yet.
    const mine = (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as {
      items: { packing?: unknown }[];
    };
    expect(mine.items.map((i) => i.packing)).toEqual([undefined, undefined]);

    // Changed her mind: a medium tilapia instead, then back to undecided.
    const medium = shop.variants['Medium, Whole']!;
    const swapped = await record(tilapia.id, { outcome: 'substituted', variantId: medium });
    expect(swapped.status, await swapped.clone().text()).toBe(200);
    row = await items(orderId);
    expect(row[TILAPIA]).toMatchObject({
      packingOutcome: 'substituted',
      weighedGrams: null,
      substituteVariantId: medium,
      substituteName: 'Tilapia — Medium, Whole',
      substituteUnitPrice: 95_000,
    });
    expect((await record(tilapia.id, { outcome: 'undo' })).status).toBe(200);
    row = await items(orderId);
    expect(row[TILAPIA]).toMatchObject({
      packingOutcome: null,
      packedAt: null,
      packedBy: null,
      substituteVariantId: null,
      weighedGrams: null,
    });
    expect(await cardOf(orderId)).toMatchObject({ undecided: 1, owedCents: null });
    // Nothing left the shelf before finishing.
    expect(await shop.ctx.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId))).not.toContainEqual(
      expect.objectContaining({ kind: 'substitution' }),
    );
  });

  it('offers substitutes of the same product first, then of its category, at most what was paid and in stock', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const tilapia = await lineOf(orderId, TILAPIA);
    // The medium size has run out too.
    let res: Response | undefined;
    await withStock(shop.variants['Medium, Scaled & gutted']!, 0, async () => {
      res = await asStaff(shop!, `/items/${tilapia.id}/substitutes`);
    });
    if (!res) throw new Error('no answer');
    expect(res.status).toBe(200);
    const { line, candidates } = (await res.json()) as {
      line: { name: string; ifUnavailable: string; note: string; paidCents: number };
      candidates: { name: string; grossCents: number; owedCents: number; sameProduct: boolean }[];
    };
    expect(line).toMatchObject({ name: TILAPIA, ifUnavailable: 'If unavailable: a similar item', note: 'no head', paidCents: 133_000 });
    const names = candidates.map((c) => c.name);
    expect(names.slice(0, 4)).toEqual([
      'Tilapia — Large, Whole',
      'Tilapia — Medium, Whole',
      'Tilapia — Large, Filleted',
      'Tilapia — Small, Scaled & gutted',
    ]);
    expect(candidates.find((c) => c.name === 'Tilapia — Medium, Whole')).toMatchObject({
      grossCents: 95_000,
      owedCents: 38_000,
      sameProduct: true,
    });
    expect(names).not.toContain(TILAPIA); // not itself
    expect(names).not.toContain('Tilapia — Medium, Scaled & gutted'); // none left
    expect(names).not.toContain('Tilapia — Jumbo, Whole'); // dearer than what was paid
    expect(candidates.every((c) => c.grossCents <= 133_000)).toBe(true);
    // Then other fish of the same band and category.
    const firstOther = candidates.findIndex((c) => !c.sameProduct);
    expect(firstOther).toBeGreaterThan(0);
    expect(candidates.slice(firstOther).every((c) => !c.sameProduct)).toBe(true);
  });

  it('refuses a bad weight, a substitute too dear or of another band, and finishing with lines undecided; nothing changes', async () => {
    shop = onTop;
    const orderId = await paidOrder(shop);
    const tilapia = await lineOf(orderId, TILAPIA);
    const chicken = await lineOf(orderId, CHICKEN);
    const refusals: [string, unknown, number, string][] = [
      [tilapia.id, { outcome: 'packed' }, 400, 'Type what it weighed, in grams (1 to 50,000).'],
      [tilapia.id, { outcome: 'packed', weighedGrams: 0 }, 400, 'Type what it weighed, in grams (1 to 50,000).'],
      [tilapia.id, { outcome: 'packed', weighedGrams: 50_001 }, 400, 'Type what it weighed, in grams (1 to 50,000).'],
      [tilapia.id, { outcome: 'packed', weighedGrams: 'heavy' }, 400, 'Type what it weighed, in grams (1 to 50,000).'],
      [chicken.id, { outcome: 'packed', weighedGrams: 1_400 }, 400, 'This item is sold by the piece: it is not weighed.'],
      [
        tilapia.id,
        { outcome: 'substituted', variantId: shop.variants['Jumbo, Whole'] },
        400,
        'A substitute can cost at most what the customer paid for this item (KES 1,542.80).',
      ],
      [
        tilapia.id,
        { outcome: 'substituted', variantId: shop.variants['Whole broiler'] },
        400,
        'A substitute must be in the same VAT band as the item it replaces.',
      ],
      [
        tilapia.id,
        { outcome: 'substituted', variantId: shop.variants['Large, Scaled & gutted'] },
        400,
        'Choose another item than the one that ran out.',
      ],
      [tilapia.id, { outcome: 'eaten' }, 400, 'Choose what happened to the item: packed, a substitute, unavailable, or undo.'],
      ['00000000-0000-4000-8000-000000000001', { outcome: 'unavailable' }, 404, 'Item not found'],
    ];
    for (const [itemId, json, status, message] of refusals) {
      const res = await record(itemId, json);
      expect([JSON.stringify(json), res.status]).toEqual([JSON.stringify(json), status]);
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    }
    expect((await items(orderId))[TILAPIA]).toMatchObject({ packingOutcome: null, weighedGrams: null });

    expect((await record(tilapia.id, { outcome: 'packed', weighedGrams: 700 })).status).toBe(200);
    const early = await finish(orderId);
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe('Decide every item first: 1 still to pack.');
    expect(await orderOf(orderId)).toMatchObject({ packingFinishedAt: null, packingRefundTotal: null, fulfilmentStatus: 'unfulfilled' });
  });

  it('finishes in whole shillings: KES 95.00 for a fish 50 g light, KES 850.00 for the chicken, refunded through Pesapal, one SMS and one mail', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const ref = orderId.slice(0, 8);
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'unavailable' })).status).toBe(200);

    const asked = refundRequests(shop);
    const res = await finish(orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    const refund = (await packingRefundOf(shop, orderId))!;
    expect(await res.json()).toEqual({
      orderId,
      refundCents: 94_500,
      changes: [`${CHICKEN}: unavailable, KES 850.00 back`, `${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back`],
      customerMessage:
        `Your order #${ref} is packed. Changes: ${CHICKEN}: unavailable, KES 850.00 back; ` +
        `${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back. KES 945.00 will go back to the card or M-Pesa you paid with.`,
      settlement: {
        status: 'requested',
        refundId: refund.id,
        amountCents: 94_500,
        message: "KES 945.00 refunded to the customer through Pesapal; the money moves once it is approved in Pesapal's dashboard.",
      },
    });
    // Pesapal was asked for exactly what packing owes, once; the refund's lines are the owed lines.
    expect(shop.sim.state.orders.get(await trackingOf(shop, orderId))?.refund).toMatchObject({ amountCents: 94_500, status: 'pending' });
    expect(refundRequests(shop) - asked).toBe(1);
    expect(refund).toMatchObject({
      kind: 'partial',
      source: 'packing',
      status: 'requested',
      method: 'pesapal',
      amount: 94_500,
      restock: false,
    });
    expect(refund.remarks).toBe(
      `Packing: ${CHICKEN}: unavailable, KES 850.00 back; ${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back`,
    );
    expect(await refundLinesOf(shop, refund.id)).toEqual(
      [
        [CHICKEN, 85_000, 'B', 0],
        [TILAPIA, 9_500, 'B', 0],
      ].sort(),
    );
    // Made once approved in Pesapal: one credit note, exactly the owed lines in their band.
    await approveRefund(shop, orderId);
    expect((await packingRefundOf(shop, orderId))?.status).toBe('refunded');
    expect(await creditNotesOf(shop, orderId)).toEqual([
      {
        refundId: refund.id,
        total: 94_500,
        status: 'sent',
        credited: [
          ['B', 85_000],
          ['B', 9_500],
        ].sort(),
      },
    ]);

    const row = await items(orderId);
    expect([row[TILAPIA]?.packingRefund, row[CHICKEN]?.packingRefund]).toEqual([9_500, 85_000]);
    expect(await orderOf(orderId)).toMatchObject({
      packingFinishedBy: shop.packer.id,
      packingRefundTotal: 94_500,
      fulfilmentStatus: 'processing',
      status: 'completed',
      needsAttention: false,
    });
    const [audit, ...more] = await shop.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'ORDER_PACKED'), eq(auditLogs.recordId, orderId)));
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ userId: shop.packer.id });
    expect(audit?.details).toMatchObject({
      refundCents: 94_500,
      lines: [
        { item: CHICKEN, outcome: 'unavailable', owedCents: 85_000 },
        { item: TILAPIA, outcome: 'packed', weighedGrams: 650, owedCents: 9_500 },
      ],
      from: 'unfulfilled',
      to: 'processing',
    });

    const sms = await smsOf(shop, orderId, 'packed');
    expect(sms.map((m) => m.message)).toEqual([
      // Both changes in their short words, and the refund, in one SMS; the mail gives each line's amount.
      `Order #${ref} packed: ${gsm(CHICKEN)}: unavailable; ${gsm(TILAPIA)}: 650 g. KES 945.00 back to your card or M-Pesa.`,
    ]);
    const mail = await mailOf(shop, orderId, 'packed');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Order #${ref} is packed, with changes - ${shop.ctx.env.SHOP_NAME}`);
    expect(mail[0]!.text).toContain(
      [
        `Your order #${ref} is packed. Some items changed:`,
        `- ${CHICKEN}: unavailable, KES 850.00 back`,
        `- ${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back`,
        '',
        'KES 945.00 will go back to the card or M-Pesa you paid with.',
      ].join('\n'),
    );
    // Nothing else was said about this step: 'processing' tells the customer nothing.
    const allSms = await shop.ctx.db.select().from(outboundSms).where(eq(outboundSms.orderId, orderId));
    expect(allSms.map((m) => m.step).sort()).toEqual(['packed', 'paid']);
    const allMail = await shop.ctx.db.select().from(outboundMail).where(eq(outboundMail.orderId, orderId));
    expect(allMail.filter((m) => m.dedupeKey?.endsWith(':packed'))).toHaveLength(1);

    // The order pages show each line as packed, once packing is finished.
    const admin = (await (await shop.request(`/api/admin/orders/${orderId}`, { cookie: shop.owner.cookie })).json()) as {
      order: { packingRefundCents: number };
      items: { productName: string; packing: unknown }[];
    };
    expect(admin.order.packingRefundCents).toBe(94_500);
    expect(admin.items.map((i) => [i.productName, i.packing])).toEqual([
      [
        CHICKEN,
        {
          outcome: 'unavailable',
          weighedGrams: null,
          expectedGrams: null,
          substituteName: null,
          orderedName: CHICKEN,
          refundCents: 85_000,
        },
      ],
      [
        TILAPIA,
        { outcome: 'packed', weighedGrams: 650, expectedGrams: 700, substituteName: null, orderedName: TILAPIA, refundCents: 9_500 },
      ],
    ]);
    const mine = (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as {
      items: { product: { name: string }; packing?: { outcome: string; weighedGrams: number | null; refundCents: number } }[];
    };
    expect(mine.items.map((i) => [i.product.name, i.packing?.outcome, i.packing?.weighedGrams, i.packing?.refundCents])).toEqual([
      [CHICKEN, 'unavailable', null, 85_000],
      [TILAPIA, 'packed', 650, 9_500],
    ]);

    // The receipt names each line as packed, and the refund made.
    const receipt = await (await shop.request(`/api/orders/${orderId}/receipt`, { cookie: shop.buyer.cookie })).text();
    expect(receipt).toContain(`${CHICKEN} — unavailable · KES 850.00 back`);
    expect(receipt).toContain(`${TILAPIA.replace('&', '&amp;')} — weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back`);
    expect(receipt).toContain('Total after refunds');

    // The pick list shows it packed, with what was paid, what is sent and the refund made.
    const total = (await orderOf(orderId)).totalAmount;
    expect(await cardOf(orderId)).toMatchObject({
      undecided: 0,
      owedCents: 94_500,
      finished: {
        by: 'Wanjiku Packer',
        refundCents: 94_500,
        paidCents: total,
        sentCents: total - 94_500,
        refund: { id: refund.id, amountCents: 94_500, status: 'refunded', method: 'pesapal' },
      },
    });
    const late = await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'undo' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toBe(
      `Packing of order #${ref} is finished: its items can no longer be changed.`,
    );
    const again = await finish(orderId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(`Packing of order #${ref} is already finished.`);
    expect((await items(orderId))[TILAPIA]).toMatchObject({ packingOutcome: 'packed', weighedGrams: 650, packingRefund: 9_500 });
  });

  it("finishes with VAT on top and two VAT bands: each line's paid amount carries its own band's VAT", async () => {
    shop = onTop;
    const orderId = await paidOrder(shop);
    const list = await cardOf(orderId);
    // KES 1,330 + 16% and KES 850 + 8%.
    expect(list.lines.map((l) => [l.name, l.paidCents])).toEqual([
      [CHICKEN, 91_800],
      [TILAPIA, 154_280],
    ]);
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'unavailable' })).status).toBe(200);
    const res = await finish(orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    // 1,542.80 × 50 / 700 = 110.20 to the cent; the chicken's 918.00.
    expect(await res.json()).toMatchObject({
      refundCents: 102_820,
      settlement: { status: 'requested', amountCents: 102_820, message: expect.stringMatching(/^KES 1,028\.20 refunded to the customer/) },
    });
    const row = await items(orderId);
    expect([row[TILAPIA]?.packingRefund, row[CHICKEN]?.packingRefund]).toEqual([11_020, 91_800]);
    expect(await orderOf(orderId)).toMatchObject({ packingRefundTotal: 102_820 });
    // The refund and its credit note: each line in its own band, to the cent.
    const refund = (await packingRefundOf(shop, orderId))!;
    expect(await refundLinesOf(shop, refund.id)).toEqual(
      [
        [CHICKEN, 91_800, 'E', 0],
        [TILAPIA, 11_020, 'B', 0],
      ].sort(),
    );
    await approveRefund(shop, orderId);
    expect(await creditNotesOf(shop, orderId)).toEqual([
      {
        refundId: refund.id,
        total: 102_820,
        status: 'sent',
        credited: [
          ['B', 11_020],
          ['E', 91_800],
        ],
      },
    ]);
  });

  describe.each([
    { mode: 'prices including VAT', on: true, tilapiaOwed: 9_500 },
    { mode: 'VAT on top', on: false, tilapiaOwed: 11_020 },
  ])('with $mode', ({ on, tilapiaOwed }) => {
    it.each(['A', 'C', 'D'] as const)(
      'refunds an unavailable chicken in band %s beside a light fish in B: the refund and its credit note equal the owed lines',
      async (band) => {
        shop = on ? included : onTop;
        const [before] = await shop.ctx.db.select({ band: products.taxBand }).from(products).where(eq(products.id, shop.chickenId));
        await shop.ctx.db.update(products).set({ taxBand: band }).where(eq(products.id, shop.chickenId));
        try {
          const orderId = await paidOrder(shop);
          const chickenPaid = (await lineOf(orderId, CHICKEN)).paidCents;
          // No VAT in these bands: the chicken was paid its price either way.
          expect(chickenPaid).toBe(85_000);
          expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
          expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'unavailable' })).status).toBe(200);
          const res = await finish(orderId);
          expect(res.status, await res.clone().text()).toBe(200);
          expect(await res.json()).toMatchObject({ refundCents: tilapiaOwed + 85_000, settlement: { status: 'requested' } });
          const refund = (await packingRefundOf(shop, orderId))!;
          expect(refund.amount).toBe(tilapiaOwed + 85_000);
          expect(await refundLinesOf(shop, refund.id)).toEqual(
            [
              [CHICKEN, 85_000, band, 0],
              [TILAPIA, tilapiaOwed, 'B', 0],
            ].sort(),
          );
          await approveRefund(shop, orderId);
          expect(await creditNotesOf(shop, orderId)).toEqual([
            {
              refundId: refund.id,
              total: tilapiaOwed + 85_000,
              status: 'sent',
              credited: [
                [band, 85_000],
                ['B', tilapiaOwed],
              ].sort(),
            },
          ]);
        } finally {
          await shop.ctx.db.update(products).set({ taxBand: before!.band }).where(eq(products.id, shop.chickenId));
        }
      },
    );
  });

  it('takes a substitute from stock once, declared to KRA as sold, and tells the customer of the swap', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const medium = shop.variants['Medium, Whole']!;
    const [before] = await shop.ctx.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, medium));
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'substituted', variantId: medium })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'packed' })).status).toBe(200);
    const res = await finish(orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      refundCents: 38_000,
      changes: [`${TILAPIA} replaced by Tilapia — Medium, Whole, KES 380.00 back`],
    });
    const moves = await shop.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'substitution')));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      variantId: medium,
      productId: shop.tilapiaId,
      quantity: -1,
      stockAfter: before!.stock - 1,
      reason: `Sent in place of ${TILAPIA}`,
      actorUserId: shop.packer.id,
    });
    const [after] = await shop.ctx.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, medium));
    expect(after?.stock).toBe(before!.stock - 1);
    const declared = await shop.ctx.db.select().from(etimsStockMoves).where(eq(etimsStockMoves.stockMovementId, moves[0]!.id));
    expect(declared).toMatchObject([{ sarTyCd: '11', quantity: 1, orderId, productId: shop.tilapiaId }]);
    expect((await items(orderId))[TILAPIA]).toMatchObject({ packingRefund: 38_000 });
    expect((await smsOf(shop, orderId, 'packed')).map((m) => m.message)).toEqual([
      `${shop.ctx.env.SHOP_NAME}: Order #${orderId.slice(0, 8)} packed: ${gsm(TILAPIA)} replaced by Tilapia - Medium, Whole. KES 380.00 back to your card or M-Pesa.`,
    ]);
    // The cheaper substitute's difference is refunded and credited, in the line's band.
    const refund = (await packingRefundOf(shop, orderId))!;
    expect(await refundLinesOf(shop, refund.id)).toEqual([[TILAPIA, 38_000, 'B', 0]]);
    await approveRefund(shop, orderId);
    expect(await creditNotesOf(shop, orderId)).toEqual([{ refundId: refund.id, total: 38_000, status: 'sent', credited: [['B', 38_000]] }]);
  });

  it('leaves the refund to the owner when Pesapal will not make it (M-Pesa in part): the customer is told the shop sends it, the code brings the credit note', async () => {
    shop = included;
    const orderId = await paidOrder(shop, undefined, 'mpesa');
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'packed' })).status).toBe(200);
    const res = await finish(orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    const refund = (await packingRefundOf(shop, orderId))!;
    expect(await res.json()).toMatchObject({
      refundCents: 9_500,
      customerMessage: expect.stringContaining('The shop will send you KES 95.00 by M-Pesa.'),
      settlement: {
        status: 'manual_needed',
        refundId: refund.id,
        amountCents: 9_500,
        message:
          'Pesapal will not make this refund (Mobile money payments can only be refunded in full.) Refund KES 95.00 by M-Pesa by hand and record its code.',
      },
    });
    expect(refund).toMatchObject({ status: 'manual_needed', source: 'packing', amount: 9_500 });
    expect(await orderOf(orderId)).toMatchObject({
      needsAttention: true,
      attentionReason: 'Refund KES 95.00 by M-Pesa by hand and record its code.',
    });
    expect((await smsOf(shop, orderId, 'packed')).map((m) => m.message)).toEqual([
      expect.stringContaining('The shop will send you KES 95.00 by M-Pesa.'),
    ]);
    expect((await mailOf(shop, orderId, 'packed'))[0]?.text).toContain('The shop will send you KES 95.00 by M-Pesa.');
    expect(await creditNotesOf(shop, orderId)).toEqual([]);

    const made = await shop.request(`/api/admin/orders/${orderId}/refunds/${refund.id}/manual`, {
      method: 'POST',
      cookie: shop.owner.cookie,
      json: { mpesaCode: 'QPK7XK2P1L' },
    });
    expect(made.status, await made.clone().text()).toBe(200);
    expect(await packingRefundOf(shop, orderId)).toMatchObject({ status: 'refunded', method: 'manual', mpesaCode: 'QPK7XK2P1L' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', needsAttention: false, attentionReason: null });
    expect(await creditNotesOf(shop, orderId)).toEqual([{ refundId: refund.id, total: 9_500, status: 'sent', credited: [['B', 9_500]] }]);
    // Packing's own message told her: no second one.
    expect(await smsOf(shop, orderId, 'part_refunded')).toEqual([]);
  });

  it("shows a packing refund left to be made by hand on the pick list, and the owner's withdrawal of it: no credit note, nothing counted", async () => {
    shop = included;
    const orderId = await paidOrder(shop, undefined, 'mpesa');
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'packed' })).status).toBe(200);
    expect((await finish(orderId)).status).toBe(200);
    const refund = (await packingRefundOf(shop, orderId))!;
    expect((await cardOf(orderId)).finished?.refund).toMatchObject({ id: refund.id, status: 'manual_needed' });

    const res = await shop.request(`/api/admin/orders/${orderId}/refunds/${refund.id}/withdraw`, {
      method: 'POST',
      cookie: shop.owner.cookie,
      json: { reason: 'The customer asked for a bigger fish next time instead' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await packingRefundOf(shop, orderId)).toMatchObject({ status: 'withdrawn', mpesaCode: null });
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', needsAttention: false, attentionReason: null });
    expect((await cardOf(orderId)).finished?.refund).toMatchObject({ id: refund.id, status: 'withdrawn' });
    expect(await creditNotesOf(shop, orderId)).toEqual([]);
    // A settlement run again (a retry, the reconciliation job) finds it withdrawn and asks for nothing.
    const asked = refundRequests(shop);
    const actor = { userId: shop.packer.id, email: shop.packer.email, ip: null, at: shop.clock.now() };
    const owed = {
      lines: [{ orderItemId: (await lineOf(orderId, TILAPIA)).id, amountCents: 9_500, restockQuantity: 0 as const }],
      reason: 'Packing',
    };
    expect(await settlePackingDifference(shop.ctx, actor, orderId, owed)).toMatchObject({
      status: 'withdrawn',
      message: 'The owner withdrew the packing refund of KES 95.00: it is not paid.',
    });
    expect(refundRequests(shop)).toBe(asked);
    const mine = (await (await shop.request(`/api/orders/${orderId}`, { cookie: shop.buyer.cookie })).json()) as { refundedCents: number };
    expect(mine.refundedCents).toBe(0);
  });

  it('refunds once however often it is settled, and the database refuses a second packing refund', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'packed' })).status).toBe(200);
    const asked = refundRequests(shop);
    expect((await finish(orderId)).status).toBe(200);
    const refund = (await packingRefundOf(shop, orderId))!;
    // A retry of the settlement finds the refund made; nothing new is asked of Pesapal.
    const tilapiaId = (await lineOf(orderId, TILAPIA)).id;
    const actor = { userId: shop.packer.id, email: shop.packer.email, ip: null, at: shop.clock.now() };
    const owed = { lines: [{ orderItemId: tilapiaId, amountCents: 9_500, restockQuantity: 0 as const }], reason: 'Packing: again' };
    expect(await settlePackingDifference(shop.ctx, actor, orderId, owed)).toMatchObject({ status: 'requested', refundId: refund.id });
    // The engine itself refuses a second packing refund of the order.
    await expect(refundPartOfOrder(shop.ctx, actor, { orderId, ...owed, source: 'packing' })).rejects.toThrow(
      'Packing has refunded this order already: an order gets one packing refund.',
    );
    expect(refundRequests(shop) - asked).toBe(1);
    // And so does the database, whoever writes it.
    let error: unknown = null;
    await shop.ctx.db
      .insert(paymentRefunds)
      .values({ ...refund, id: undefined, status: 'manual_needed', accepted: false, createdAt: undefined })
      .catch((err: unknown) => (error = err));
    expect(String((error as { cause?: unknown } | null)?.cause ?? error)).toMatch(/payment_refunds_packing_once_idx/);
  });

  it('settles a finish whose refund a crash left unmade: the reconciliation job refunds it and tells the customer, once', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'unavailable' })).status).toBe(200);
    // The refund cannot be written (as if the process died after the finish's commit).
    await shop.ctx.db.execute(sql`create function packing_crash() returns trigger language plpgsql as $$
      begin if new.source = 'packing' then raise exception 'crashed'; end if; return new; end $$`);
    await shop.ctx.db.execute(
      sql`create trigger packing_crash before insert on payment_refunds for each row execute function packing_crash()`,
    );
    let res: Response;
    try {
      res = await finish(orderId);
    } finally {
      await shop.ctx.db.execute(sql`drop trigger packing_crash on payment_refunds`);
      await shop.ctx.db.execute(sql`drop function packing_crash()`);
    }
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      settlement: { status: 'retrying', message: 'The refund of KES 945.00 could not be made just now: it is tried again within minutes.' },
    });
    expect(await orderOf(orderId)).toMatchObject({ packingRefundTotal: 94_500, fulfilmentStatus: 'processing' });
    expect(await packingRefundOf(shop, orderId)).toBeNull();
    expect(await smsOf(shop, orderId, 'packed')).toEqual([]);

    // Within its grace the job leaves it to the finish; after it, the job settles it.
    expect(await reconcilePackingRefunds(shop.ctx)).toEqual({ settled: 0 });
    shop.clock.advance(PACKING_SETTLE_GRACE_MS);
    const asked = refundRequests(shop);
    expect((await reconcilePackingRefunds(shop.ctx)).settled).toBeGreaterThanOrEqual(1);
    const refund = (await packingRefundOf(shop, orderId))!;
    expect(refund).toMatchObject({ status: 'requested', source: 'packing', amount: 94_500, requestedBy: shop.packer.id });
    expect(await refundLinesOf(shop, refund.id)).toEqual(
      [
        [CHICKEN, 85_000, 'B', 0],
        [TILAPIA, 9_500, 'B', 0],
      ].sort(),
    );
    expect(refund.remarks).toContain(`${TILAPIA}: weighed 650 g (about 700 g expected), KES 95.00 back`);
    expect(refundRequests(shop) - asked).toBe(1);
    expect((await smsOf(shop, orderId, 'packed')).map((m) => m.message)).toEqual([
      expect.stringContaining('KES 945.00 back to your card or M-Pesa.'),
    ]);
    expect(await mailOf(shop, orderId, 'packed')).toHaveLength(1);
    // Run again: nothing more for this order.
    await reconcilePackingRefunds(shop.ctx);
    expect(refundRequests(shop) - asked).toBe(1);
    expect(await smsOf(shop, orderId, 'packed')).toHaveLength(1);
  });

  it("takes a packing refund off the dashboard's revenue and the morning summary once it is made", async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 650 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'unavailable' })).status).toBe(200);
    expect((await finish(orderId)).status).toBe(200);
    const notices = await shop.request('/api/admin/merchant-notices', {
      method: 'PUT',
      cookie: shop.owner.cookie,
      json: { phones: [], emails: ['owner@shop.test'], summaryTime: '00:00' },
    });
    expect(notices.status, await notices.clone().text()).toBe(200);
    const revenue = async () =>
      (
        (await (await shop!.request('/api/admin/dashboard', { cookie: shop!.owner.cookie })).json()) as {
          last30Days: { revenueCents: number };
        }
      ).last30Days.revenueCents;
    // The morning summary of the order's delivery day lists it.
    const { day: deliveryDay } = await slotOf(shop, orderId);
    const morning = new Date(`${deliveryDay}T02:00:00.000Z`).getTime() - shop.clock.now().getTime();
    if (morning > 0) shop.clock.advance(morning);
    /** The morning summary's total for the day, written afresh. */
    const summaryTotal = async () => {
      const { day } = nairobiClock(shop!.clock.now());
      await shop!.ctx.db.delete(morningSummaries).where(eq(morningSummaries.day, day));
      expect(await sendMorningSummary(shop!.ctx)).toBe('queued');
      const [row] = await shop!.ctx.db.select().from(morningSummaries).where(eq(morningSummaries.day, day));
      return row!.total;
    };
    // Asked of Pesapal, not made yet: what was charged still counts.
    const [chargedRevenue, chargedSummary] = [await revenue(), await summaryTotal()];
    expect(chargedSummary).toBeGreaterThanOrEqual(94_500);
    await approveRefund(shop, orderId);
    expect(await revenue()).toBe(chargedRevenue - 94_500);
    expect(await summaryTotal()).toBe(chargedSummary - 94_500);
  });

  it('refuses to finish when the substitute has gone from the shelf since it was chosen, and changes nothing', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const medium = shop.variants['Medium, Whole']!;
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'substituted', variantId: medium })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'packed' })).status).toBe(200);
    let res: Response | undefined;
    await withStock(medium, 0, async () => {
      res = await finish(orderId);
    });
    if (!res) throw new Error('no answer');
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'Only 0 of Tilapia — Medium, Whole left, 1 needed for the substitute: choose another substitute or mark the item unavailable.',
    );
    expect(await orderOf(orderId)).toMatchObject({
      packingFinishedAt: null,
      packingRefundTotal: null,
      fulfilmentStatus: 'unfulfilled',
      needsAttention: false,
    });
    expect((await items(orderId))[TILAPIA]?.packingRefund).toBeNull();
    expect(await smsOf(shop, orderId, 'packed')).toEqual([]);
  });

  it('sends no message and flags nothing when packing changed nothing (a fish heavier than expected)', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    expect((await record((await lineOf(orderId, TILAPIA)).id, { outcome: 'packed', weighedGrams: 760 })).status).toBe(200);
    expect((await record((await lineOf(orderId, CHICKEN)).id, { outcome: 'packed' })).status).toBe(200);
    const res = await finish(orderId);
    expect(await res.json()).toMatchObject({ refundCents: 0, changes: [], customerMessage: '', settlement: { status: 'nothing_owed' } });
    expect(await orderOf(orderId)).toMatchObject({ packingRefundTotal: 0, fulfilmentStatus: 'processing', needsAttention: false });
    expect(await smsOf(shop, orderId, 'packed')).toEqual([]);
    expect(await mailOf(shop, orderId, 'packed')).toEqual([]);
  });

  it('has the database refuse a packing record that makes no sense, whoever writes it', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const rows = await items(orderId);
    const tilapia = rows[TILAPIA]!;
    const chicken = rows[CHICKEN]!;
    const at = new Date();
    const refused = async (write: () => Promise<unknown>) => {
      let error: unknown = null;
      await write().catch((err: unknown) => (error = err));
      return String((error as { cause?: unknown } | null)?.cause ?? error);
    };
    const setItem = (id: string, set: Partial<typeof orderItems.$inferInsert>) =>
      shop!.ctx.db.update(orderItems).set(set).where(eq(orderItems.id, id));
    expect(await refused(() => setItem(tilapia.id, { packingOutcome: 'packed', packedAt: at, weighedGrams: 50_001 }))).toMatch(
      /order_items_weighed_grams_check/,
    );
    // A fish packed without its weight, a chicken with one.
    expect(await refused(() => setItem(tilapia.id, { packingOutcome: 'packed', packedAt: at }))).toMatch(/order_items_weighed_grams_check/);
    expect(await refused(() => setItem(chicken.id, { packingOutcome: 'packed', packedAt: at, weighedGrams: 1_000 }))).toMatch(
      /order_items_weighed_grams_check/,
    );
    expect(await refused(() => setItem(chicken.id, { packingOutcome: 'unavailable' }))).toMatch(/order_items_packing_outcome_check/);
    expect(await refused(() => setItem(chicken.id, { packingOutcome: 'substituted', packedAt: at }))).toMatch(
      /order_items_substitute_check/,
    );
    expect(await refused(() => setItem(chicken.id, { packingOutcome: 'unavailable', packedAt: at, packingRefund: -100 }))).toMatch(
      /order_items_packing_refund_check/,
    );
    expect(await refused(() => setItem(chicken.id, { packingRefund: 100 }))).toMatch(/order_items_packing_refund_check/);
    expect(await refused(() => shop!.ctx.db.update(orders).set({ packingRefundTotal: 100 }).where(eq(orders.id, orderId)))).toMatch(
      /orders_packing_check/,
    );
    expect(
      await refused(() => shop!.ctx.db.update(orders).set({ packingFinishedAt: at, packingRefundTotal: -1 }).where(eq(orders.id, orderId))),
    ).toMatch(/orders_packing_check/);
    expect(
      await refused(() =>
        shop!.ctx.db
          .insert(stockMovements)
          .values({ productId: shop!.tilapiaId, variantId: tilapia.variantId, kind: 'gift', quantity: -1, stockAfter: 0 }),
      ),
    ).toMatch(/stock_movements_kind_check/);
    // And takes a sane one.
    await setItem(tilapia.id, { packingOutcome: 'packed', packedAt: at, weighedGrams: 640 });
    expect((await items(orderId))[TILAPIA]?.weighedGrams).toBe(640);
  });

  it('refuses to pack an order that is not paid any more', async () => {
    shop = included;
    const orderId = await paidOrder(shop);
    const tilapia = await lineOf(orderId, TILAPIA);
    const cancelled = await shop.request(`/api/admin/orders/${orderId}/cancel`, {
      method: 'POST',
      json: { reason: 'Customer asked' },
      cookie: shop.owner.cookie,
    });
    expect(cancelled.status).toBe(200);
    const res = await record(tilapia.id, { outcome: 'packed', weighedGrams: 650 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(`Order #${orderId.slice(0, 8)} is not a paid order waiting to be packed.`);
  });
});
