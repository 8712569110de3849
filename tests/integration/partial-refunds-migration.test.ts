// Migration 0039 (partial refunds) on a shop that already has refunds: each was a whole refund, of
// the order's own payment (a cancellation, which put its goods back) or of one the order did not
// need. The new rules hold: one request waiting for Pesapal and one whole refund per payment,
// several partial ones beside; a refund made by hand carries a well-formed M-Pesa code, once; an
// order has one sale and a credit note per refund; a partial refund's restock is once per refund.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';
import { migrateTo, migrationSteps } from '../support/migration-steps';
import { dbKinds } from '../support/test-database';

const TAG = '0039_partial_refunds';
const ORDER = '00000000-0000-0000-0000-000000000001';
const PAYMENT = '00000000-0000-0000-0000-0000000000a1';
const EXTRA = '00000000-0000-0000-0000-0000000000a2';

const steps = migrationSteps('partial_refunds_migration');
afterAll(() => steps.cleanup());

describe.each(dbKinds(import.meta.url))('migration 0039 on %s', (kind) => {
  it('keeps every earlier refund a whole one with its source, and holds the new rules', async () => {
    const database = await steps.emptyDatabase(kind);
    await migrateTo(database, steps.folderBefore(TAG));
    const db = database.db;
    await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Someone', 'u1@example.test')`);
    await db.execute(sql`insert into orders (id, user_id, status, subtotal, vat, delivery_fee, total_amount, customer_name, customer_email, customer_phone, delivery_address, pesapal_transaction_id)
      values (${ORDER}, 'u1', 'cancelled', 100000, 0, 0, 100000, 'Someone', 'u1@example.test', '+254712345678', 'Karen', 'TRACK-1')`);
    await db.execute(sql`insert into payment_transactions (id, order_id, status, merchant_reference, pesapal_tracking_id, amount)
      values (${PAYMENT}, ${ORDER}, 'REVERSED', 'ORD-1-1', 'TRACK-1', 100000), (${EXTRA}, ${ORDER}, 'REVERSED', 'ORD-1-2', 'TRACK-2', 100000)`);
    await db.execute(sql`insert into payment_refunds (transaction_id, amount, remarks, accepted, message, status, created_at)
      values (${PAYMENT}, 100000, 'Out of stock', true, 'Refund request successfully', 'refunded', '2026-11-01T09:00:00Z'),
             (${EXTRA}, 100000, 'Paid twice', true, 'Refund request successfully', 'refunded', '2026-11-01T10:00:00Z')`);
    await db.execute(sql`insert into tax_invoices (number, kind, order_id, total, status) values (1, 'sale', ${ORDER}, 100000, 'sent')`);
    await db.execute(
      sql`insert into tax_invoices (number, kind, order_id, total, status) values (2, 'credit_note', ${ORDER}, 100000, 'sent')`,
    );

    await migrateTo(database, migrationsFolder());
    // Running it again changes nothing (each instance migrates at start).
    await migrateTo(database, migrationsFolder());

    const rows = await queryRows<{
      remarks: string;
      kind: string;
      method: string;
      source: string;
      restock: boolean;
      mpesa_code: string | null;
    }>(db, sql`select remarks, kind, method, source, restock, mpesa_code from payment_refunds order by created_at`);
    expect(rows).toEqual([
      { remarks: 'Out of stock', kind: 'whole', method: 'pesapal', source: 'cancel', restock: true, mpesa_code: null },
      { remarks: 'Paid twice', kind: 'whole', method: 'pesapal', source: 'extra_payment', restock: false, mpesa_code: null },
    ]);

    const refund = (values: { status: string; kind?: string; accepted?: boolean; method?: string; code?: string | null }) =>
      db.execute(sql`insert into payment_refunds (transaction_id, amount, remarks, accepted, status, kind, method, mpesa_code)
        values (${PAYMENT}, 1000, 'Part', ${values.accepted ?? values.status === 'requested'}, ${values.status}, ${values.kind ?? 'partial'},
          ${values.method ?? 'pesapal'}, ${values.code ?? null}) returning id`);
    // Partial refunds beside the whole one, but only one waiting for Pesapal at a time.
    await refund({ status: 'requested' });
    await expect(refund({ status: 'requested' })).rejects.toThrow();
    await refund({ status: 'manual_needed' });
    // A second whole refund holding money is refused.
    await expect(refund({ status: 'manual_needed', kind: 'whole' })).rejects.toThrow();
    // A refund made by hand has a code, well formed, used once; only a made refund has one.
    await refund({ status: 'refunded', method: 'manual', code: 'QGH7XK2P1L' });
    await expect(refund({ status: 'refunded', method: 'manual', code: 'QGH7XK2P1L' })).rejects.toThrow();
    await expect(refund({ status: 'refunded', method: 'manual', code: 'qgh7-short' })).rejects.toThrow();
    await expect(refund({ status: 'refunded', method: 'manual', code: null })).rejects.toThrow();
    await expect(refund({ status: 'manual_needed', method: 'manual', code: 'ABCDE12345' })).rejects.toThrow();
    await expect(refund({ status: 'manual_needed', accepted: true })).rejects.toThrow();
    await expect(refund({ status: 'refunded', kind: 'half' })).rejects.toThrow();

    // Refund lines: an order line, the fee or an amount, more than nothing, restocking only goods.
    const [partial] = await queryRows<{ id: string }>(db, sql`select id from payment_refunds where status = 'manual_needed'`);
    const line = (kind: string, amount: number, restock = 0) =>
      db.execute(sql`insert into refund_lines (refund_id, kind, amount, tax_band, tax_rate_bp, restock_quantity)
        values (${partial!.id}, ${kind}, ${amount}, 'D', 0, ${restock})`);
    await line('delivery', 200);
    await expect(line('delivery', 100)).rejects.toThrow();
    await expect(line('amount', 0)).rejects.toThrow();
    await expect(line('delivery', 100, 1)).rejects.toThrow();
    await expect(line('item', 100)).rejects.toThrow();

    // A credit note per refund: a second one of no refund stays possible (before 0039), a second sale does not.
    await db.execute(
      sql`insert into tax_invoices (number, kind, order_id, total, status, refund_id) values (3, 'credit_note', ${ORDER}, 1000, 'queued', ${partial!.id})`,
    );
    await expect(
      db.execute(
        sql`insert into tax_invoices (number, kind, order_id, total, status, refund_id) values (4, 'credit_note', ${ORDER}, 1000, 'queued', ${partial!.id})`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into tax_invoices (number, kind, order_id, total, status) values (5, 'sale', ${ORDER}, 1000, 'queued')`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into tax_invoices (number, kind, order_id, total, status, refund_id) values (6, 'sale', ${ORDER}, 1000, 'queued', ${partial!.id})`,
      ),
    ).rejects.toThrow();
  });
});
