// The sales reports over a known week (reports-fixtures.ts): every figure of every report, by day,
// week and month in Nairobi time, net sales = charged − refunded (a refund counted once made, a
// refund of an accidental second payment never), the CSV of a report, the bookkeeper's order and
// line files (escaped, with a BOM, streamed a page at a time), and bad input refused with a message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportTable } from '../../src/domain/report-table';
import { PAGE_SIZE } from '../../src/server/features/reports/paid-order-pages';
import { createTestApp, createUser, type TestApp, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { RANGE, seedReportWeek, type ReportFixture } from './reports-fixtures';

/** A CSV download as rows of cells (quoted cells may hold commas; none here holds a line break). */
async function parseCsv(res: Response): Promise<string[][]> {
  // text() would drop the BOM; the bytes are read as they came.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

describe.each(dbKinds(import.meta.url))('sales reports on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let fixture: ReportFixture;
  const get = (path: string, user: TestUser = owner) => t.request(`/api/admin/reports${path}`, { cookie: user.cookie });
  const report = async (name: string, by = 'day') => {
    const res = await get(`/${name}?from=${RANGE.from}&to=${RANGE.to}&by=${by}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ReportTable;
  };
  /** The rows as [first column, ...the named columns]. */
  const pick = (table: ReportTable, ...keys: string[]) => table.rows.map((r) => keys.map((k) => r[k]));

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    owner = await createUser(t, { role: 'owner' });
    fixture = await seedReportWeek(t);
  });
  afterAll(() => t.dispose());

  it('sums sales per Nairobi day: charged, refunded, net, fees, VAT, rounding and the average order', async () => {
    const sales = await report('sales');
    expect(sales.rows.map((r) => r.period)).toEqual([
      '3 Mar 2025',
      '4 Mar 2025',
      '5 Mar 2025',
      '6 Mar 2025',
      '7 Mar 2025',
      '8 Mar 2025',
      '9 Mar 2025',
    ]);
    const keys = ['orders', 'goods', 'vat', 'delivery', 'small', 'discounts', 'charged', 'refunded', 'net', 'rounding', 'average'];
    // Order C was paid at 00:10 on the 4th in Nairobi (21:10 UTC on the 3rd); the order paid at 00:00 on the 10th is outside.
    expect(pick(sales, ...keys).slice(0, 3)).toEqual([
      [2, 150_000, 24_000, 20_050, 0, 0, 194_050, 10_000, 184_050, 50, 97_025],
      [1, 30_000, 0, 15_000, 5_000, 0, 50_000, 50_000, 0, 0, 50_000],
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(keys.map((k) => sales.total?.[k])).toEqual([3, 180_000, 24_000, 35_050, 5_000, 0, 244_050, 60_000, 184_050, 50, 81_350]);
    expect(sales.total?.period).toBe('Total');
  });

  it('groups the same sales by week and by month', async () => {
    const week = await report('sales', 'week');
    expect(pick(week, 'period', 'orders', 'charged', 'refunded', 'net')).toEqual([['Week of 3 Mar 2025', 3, 244_050, 60_000, 184_050]]);
    const month = await report('sales', 'month');
    expect(pick(month, 'period', 'orders', 'net')).toEqual([['March 2025', 3, 184_050]]);
  });

  it('splits sales by zone, rider and payment method, with each one’s share of net sales', async () => {
    const zones = await report('zones');
    expect(pick(zones, 'zone', 'orders', 'charged', 'refunded', 'net', 'average', 'share')).toEqual([
      ['Westlands', 1, 136_050, 0, 136_050, 136_050, 7_392],
      ['Kilimani', 1, 58_000, 10_000, 48_000, 58_000, 2_608],
      ['No zone', 1, 50_000, 50_000, 0, 50_000, 0],
    ]);
    const riders = await report('riders');
    expect(pick(riders, 'rider', 'orders', 'charged', 'refunded', 'net')).toEqual([
      ['Otieno Rider', 1, 136_050, 0, 136_050],
      ['No rider', 2, 108_000, 60_000, 48_000],
    ]);
    const methods = await report('payment-methods');
    // 'MpesaKE' and 'Mpesa' are one method.
    expect(pick(methods, 'method', 'orders', 'charged', 'refunded', 'net')).toEqual([
      ['M-Pesa', 2, 186_050, 50_000, 136_050],
      ['Visa', 1, 58_000, 10_000, 48_000],
    ]);
    expect(methods.total).toMatchObject({ orders: 3, charged: 244_050, refunded: 60_000, net: 184_050, share: 10_000 });
  });

  it('tells new customers (a first paid order ever) from returning ones', async () => {
    const customers = await report('customers');
    expect(pick(customers, 'customers', 'people', 'orders', 'charged', 'refunded', 'net', 'average')).toEqual([
      ['New', 1, 1, 136_050, 0, 136_050, 136_050],
      ['Returning', 2, 2, 108_000, 60_000, 48_000, 54_000],
    ]);
  });

  it('sums the lines by product and variant and by category, with kg weighed and what came back', async () => {
    const products = await report('products');
    expect(pick(products, 'product', 'category', 'quantity', 'grams', 'sold', 'refunded', 'net')).toEqual([
      ['Report Tilapia', 'fish', 2, 1_300, 100_000, 0, 100_000],
      ['Report Chicken', 'chicken', 1, 0, 50_000, 10_000, 40_000],
      ['Report Omena', 'fish', 1, 0, 30_000, 30_000, 0],
    ]);
    const categories = await report('categories');
    expect(pick(categories, 'category', 'quantity', 'grams', 'sold', 'refunded', 'net')).toEqual([
      ['fish', 3, 1_300, 130_000, 30_000, 100_000],
      ['chicken', 1, 0, 50_000, 10_000, 40_000],
    ]);
  });

  it('downloads any report as CSV: a BOM, plain decimals, the total row', async () => {
    const res = await get(`/zones/csv?from=${RANGE.from}&to=${RANGE.to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="zones-2025-03-03-to-2025-03-09.csv"');
    expect(await parseCsv(res)).toEqual([
      ['Zone', 'Orders', 'Charged', 'Refunded', 'Net sales', 'Average order', 'Share of net sales'],
      ['Westlands', '1', '1360.50', '0.00', '1360.50', '1360.50', '73.92'],
      ['Kilimani', '1', '580.00', '100.00', '480.00', '580.00', '26.08'],
      ['No zone', '1', '500.00', '500.00', '0.00', '500.00', '0'],
      ['Total', '3', '2440.50', '600.00', '1840.50', '813.50', '100'],
    ]);
  });

  it('exports one row per paid order with every column a bookkeeper needs', async () => {
    const res = await get(`/orders.csv?from=${RANGE.from}&to=${RANGE.to}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = await parseCsv(res);
    const col = (row: string[] | undefined, name: string) => row?.[header!.indexOf(name)];
    expect(rows.map((r) => col(r, 'Order id'))).toEqual([fixture.orders.a, fixture.orders.b, fixture.orders.c]);
    const a = rows[0];
    expect(
      [
        'Paid (Nairobi time)',
        'Customer',
        'Phone',
        'Zone',
        'Status',
        'Payment method',
        'Subtotal',
        'Band B taxable',
        'Band B VAT',
        'Band D taxable',
        'VAT',
        'Delivery fee',
        'Small-order fee',
        'Rounding',
        'Total charged',
        'Refunded',
        'Net',
        'Tax invoice status',
      ].map((name) => col(a, name)),
    ).toEqual([
      '2025-03-03 08:00',
      'A',
      "'+254712345678", // a cell starting with + could be read as a formula
      'Westlands',
      'completed',
      'M-Pesa',
      '1000.00',
      '1000.00',
      '160.00',
      '200.50',
      '160.00',
      '200.50',
      '0.00',
      '0.50',
      '1360.50',
      '0.00',
      '1360.50',
      'No tax invoice',
    ]);
    const c = rows[2];
    expect(['Status', 'Band A taxable', 'Small-order fee', 'Total charged', 'Refunded', 'Net'].map((n) => col(c, n))).toEqual([
      'cancelled',
      '300.00',
      '50.00',
      '500.00',
      '500.00',
      '0.00',
    ]);
    const sum = (name: string) => rows.reduce((acc, r) => acc + Math.round(Number(col(r, name)) * 100), 0);
    expect([sum('Total charged'), sum('Refunded'), sum('Net')]).toEqual([244_050, 60_000, 184_050]);
  });

  it('exports one row per line, fees included, whose VAT adds up to each order’s VAT per band', async () => {
    const res = await get(`/order-lines.csv?from=${RANGE.from}&to=${RANGE.to}`);
    const [header, ...rows] = await parseCsv(res);
    const cols = [
      'Order id',
      'Product',
      'Quantity',
      'Kg',
      'Unit price',
      'Band',
      'VAT rate %',
      'VAT',
      'Line total',
      'Line total with VAT',
      'Refunded',
    ];
    expect(rows.map((r) => cols.map((name) => r[header!.indexOf(name)]))).toEqual([
      [fixture.orders.a, 'Report Tilapia', '2', '1.3', '500.00', 'B', '16', '160.00', '1000.00', '1160.00', '0.00'],
      [fixture.orders.a, 'Delivery (Westlands)', '1', '', '200.50', 'D', '0', '0.00', '200.50', '200.50', '0.00'],
      [fixture.orders.b, 'Report Chicken', '1', '', '500.00', 'B', '16', '80.00', '500.00', '580.00', '100.00'],
      [fixture.orders.c, 'Report Omena', '1', '', '300.00', 'A', '0', '0.00', '300.00', '300.00', '300.00'],
      [fixture.orders.c, 'Delivery', '1', '', '150.00', 'D', '0', '0.00', '150.00', '150.00', '200.00'],
      [fixture.orders.c, 'Small-order fee', '1', '', '50.00', 'D', '0', '0.00', '50.00', '50.00', '0.00'],
    ]);
  });

  it('streams more orders than one page, each once, in the order they were paid', async () => {
    const count = PAGE_SIZE + 5;
    // All paid in the same instant: the next page starts after the last (paid_at, id), not after paid_at alone.
    await t.ctx.db.execute(sql`insert into orders (user_id, status, subtotal, vat, delivery_fee, total_amount, customer_name,
        customer_email, customer_phone, delivery_address, paid_at)
      select (select id from "user" limit 1), 'completed', 100, 0, 0, 100, 'Bulk ' || g, 'bulk@example.test', '+254700000000',
        'Nairobi', timestamptz '2025-04-02 09:00:00+03'
      from generate_series(1, ${count}) g`);
    const res = await get('/orders.csv?from=2025-04-01&to=2025-04-30');
    const [, ...rows] = await parseCsv(res);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r[1])).size).toBe(count);
    const ids = rows.map((r) => r[1]!);
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses a bad range with a message and answers the staff, not a rider', async () => {
    const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
    const backwards = await get('/sales?from=2025-03-09&to=2025-03-03');
    expect(backwards.status).toBe(400);
    expect(await message(backwards)).toBe('The start date must be on or before the end date.');
    const notADate = await get('/orders.csv?from=2025-02-30&to=2025-03-03');
    expect(notADate.status).toBe(400);
    expect(await message(notADate)).toBe('Pick dates as YYYY-MM-DD (for example 2025-03-01).');
    const tooLong = await get('/sales?from=2024-01-01&to=2025-03-03');
    expect(await message(tooLong)).toBe('Pick a range of at most 366 days.');
    const unknown = await get(`/weather?from=${RANGE.from}&to=${RANGE.to}`);
    expect(unknown.status).toBe(400);
    expect(await message(unknown)).toBe('There is no such report.');

    const staff = await createUser(t, { role: 'staff' });
    expect((await get(`/sales?from=${RANGE.from}&to=${RANGE.to}`, staff)).status).toBe(200);
    // The VAT figures are the owner's, as the tax invoices are.
    expect((await get('/vat?month=2025-03', staff)).status).toBe(403);
    expect((await get('/vat?month=2025-03')).status).toBe(200);
    const rider = await createUser(t, { role: 'rider' });
    expect((await get(`/orders.csv?from=${RANGE.from}&to=${RANGE.to}`, rider)).status).toBe(403);
    const customer = await createUser(t);
    expect((await get(`/sales?from=${RANGE.from}&to=${RANGE.to}`, customer)).status).toBe(403);
  });
});
