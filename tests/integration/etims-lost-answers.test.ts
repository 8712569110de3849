// A lost KRA answer (timed out, connection dropped) is looked up at once and the queue keeps
// draining: with 30 % of answers lost (a fixed pattern of the simulator), a queue of sales is
// declared in at most twice the calls and job runs it takes without loss, once each, in number
// order, with no gap. Measured by counting calls and runs with the clock moved, never by timing.
// When the queue is stuck anyway, the back office says so once the oldest waiting invoice is older
// than ETIMS_LATE_AFTER_MINUTES (15 by default).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendDueTaxInvoices, taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { createTaxShop, declared, disposeTaxShop, invoiceOf, invoicesOf, payOrder, type TaxShop } from './etims-support';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** The eTIMS job's interval (src/server/jobs.ts): the clock moves this much between runs. */
const JOB_MS = 5 * SECOND;
const QUEUED = 12;

describe.each(dbKinds(import.meta.url))('lost answers from KRA, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  /** The calls that declare or look up an invoice (not device set-up or item registration). */
  const invoiceCalls = () => shop.etimsSim.requestLog.filter((r) => r.op === 'saveSale' || r.op === 'lookupInvoice');

  it('declares a queue of sales once each, in order and without gaps, in at most twice the calls and runs when 30 % of answers are lost', async () => {
    // KRA away while the sales are paid: they all wait in the queue, none tried.
    shop.etimsSim.switches.mode = 'down';
    for (let i = 0; i < QUEUED; i++) await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    expect((await invoicesOf(shop)).map((i) => [i.status, i.attempts])).toEqual(Array.from({ length: QUEUED }, () => ['queued', 0]));

    // Back, but 30 % of the answers to sales and lookups never arrive (the connection drops).
    Object.assign(shop.etimsSim.switches, { mode: 'up', loseShare: 0.3, loseSeed: 7, loseAs: 'drop' });
    // Without loss the queue goes in one run and one call per invoice.
    const lossFree = { runs: 1, calls: QUEUED };
    let runs = 0;
    while (runs < 2 * lossFree.runs && (await invoicesOf(shop)).some((i) => i.status !== 'sent')) {
      if (runs > 0) shop.clock.advance(JOB_MS);
      await sendDueTaxInvoices(shop.ctx);
      runs++;
    }

    const rows = await invoicesOf(shop);
    expect(rows.map((i) => [i.number, i.status, i.invcNo])).toEqual(rows.map((_, k) => [k + 1, 'sent', k + 1]));
    const calls = invoiceCalls();
    expect(calls.filter((c) => c.lost).length).toBeGreaterThanOrEqual(0.2 * calls.length); // the loss was real
    expect(calls.length).toBeLessThanOrEqual(2 * lossFree.calls);
    expect(runs).toBeLessThanOrEqual(2 * lossFree.runs);

    // KRA holds each sale once, under consecutive numbers, with the signature the shop keeps.
    const atKra = declared(shop);
    expect(atKra.map((s) => [s.request.invcNo, s.request.trdInvcNo])).toEqual(rows.map((_, k) => [k + 1, `INV-${k + 1}`]));
    expect(rows.map((i) => i.rcptSign)).toEqual(atKra.map((s) => s.receipt.rcptSign));
  });

  it('tries again within seconds, under the same number, when the lookups are lost too', async () => {
    Object.assign(shop.etimsSim.switches, { loseShare: 1, loseAs: 'drop' }); // no answer comes back at all
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const waiting = await invoiceOf(shop, orderId, 'sale');
    expect(waiting).toMatchObject({ status: 'failed', invcNo: 1, resultCode: 'network_error', rcptSign: null });
    const dueIn = (waiting?.nextAttemptAt?.getTime() ?? Number.POSITIVE_INFINITY) - shop.clock.now().getTime();
    expect(dueIn).toBeLessThanOrEqual(10 * SECOND);

    shop.etimsSim.switches.loseShare = 0; // answers arrive again
    shop.clock.advance(10 * SECOND);
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 1 });
    expect(declared(shop).map((s) => [s.request.invcNo, s.request.trdInvcNo])).toEqual([[1, 'INV-1']]);
    expect(await invoiceOf(shop, orderId, 'sale')).toMatchObject({ status: 'sent', invcNo: 1, error: null });
  });

  const admin = async (path: string) => {
    const res = await shop.request(path, { cookie: shop.admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<Record<string, unknown>>;
  };

  it('warns the back office when the oldest invoice waiting for KRA is older than the setting, and stops once it is sent', async () => {
    shop.etimsSim.switches.mode = 'down';
    const orderId = await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    const waiting = await invoiceOf(shop, orderId, 'sale');
    const since = waiting?.createdAt.toISOString();
    expect(await admin('/api/admin/tax-invoices/status')).toMatchObject({
      waiting: 1,
      lateAfterMinutes: 15,
      oldestWaitingSince: since,
      late: 0,
    });
    expect(await admin('/api/admin/dashboard')).toMatchObject({ lateTaxInvoices: 0, taxInvoicesLateAfterMinutes: 15 });

    shop.clock.advance(16 * MINUTE); // KRA still away
    expect(await admin('/api/admin/tax-invoices/status')).toMatchObject({ waiting: 1, oldestWaitingSince: since, late: 1 });
    expect(await admin('/api/admin/dashboard')).toMatchObject({ lateTaxInvoices: 1 });

    shop.etimsSim.switches.mode = 'up';
    expect(await sendDueTaxInvoices(shop.ctx)).toEqual({ sent: 1 });
    expect(await admin('/api/admin/tax-invoices/status')).toMatchObject({ waiting: 0, oldestWaitingSince: null, late: 0 });
    expect(await admin('/api/admin/dashboard')).toMatchObject({ lateTaxInvoices: 0 });
  });
});
