// The integration test files that run on both engines, PGlite (the embedded default) and PostgreSQL
// (a server), because what they test is the engine's own behaviour: locks, triggers, advisory locks,
// LISTEN/NOTIFY, concurrency, migrations, query plans, the embedded default's own paths. Every other
// file runs on one database (test-database.ts), where only the app's logic is tested;
// the browser journeys run every shop on the embedded default besides.
// A data migration's test (one migration over rows the earlier ones made) runs on one database: its
// subject is the SQL's effect on the rows, the same on both engines, while every migration running on
// each engine is foundation.test.ts's subject. A migration that adds a trigger stays here.
// Partial refunds' business rules run once; their race (the locks) is partial-refunds-race.test.ts.
// In a file listed here, a test of the app's rules alone is declared with itOnOneDatabase (one-database.ts).
export const ENGINE_SUBJECTS: Readonly<Record<string, string>> = {
  'checkout-concurrency.test.ts': 'many buyers race for the last units: row locks on variants and products',
  'promotions-race.test.ts': "customers racing for a code's last use: the promotion's row lock before its uses are counted",
  'delivery-slots.test.ts': 'concurrent checkouts for the last places of a window: the window row lock',
  'delivery-reschedule.test.ts': "two customers moving their failed deliveries to a window's last place at once: the window row lock",
  'pick-up.test.ts': "two customers taking a pick-up window's last place at once: the window row lock",
  'delivery-outcome-race.test.ts': "two delivery outcomes at once: the order's row lock",
  'packing-race.test.ts':
    "two packers finishing one order at once: the order's row lock and a conditional update; one packing refund (a unique index on payment_refunds)",
  'packing.test.ts': "the packing record's checks in SQL, and finishing under the order's row lock",
  'riders-messages.test.ts': "two assignments for one rider at once build their lists one after the other: the rider's row lock",
  'unpaid-holds.test.ts': "the unpaid share of a window's places, counted under its lock",
  'unpaid-stock-holds.test.ts': 'the unpaid share of stock, counted under the variant lock (FOR NO KEY UPDATE beside FK key-share locks)',
  'inventory-service.test.ts': "the stock ledger's unique movements and stock never below zero, under concurrent writers",
  'etims-stock-sequence.test.ts':
    "two instances' concurrent stock movements take KRA's sarNo from one counter row (its row lock) without gaps",
  'payments-ipn-flood.test.ts': "concurrent IPNs for one order serialise on the order's lock",
  'payments-attempts.test.ts':
    "an attempt whose process died mid-request, and two 'pay again' at once: claims and their locks (its other tests run once)",
  'payments-current-attempt.test.ts': "the order's payment status kept by database triggers (migration 0026)",
  'payments-database-loss.test.ts': 'a connection lost while a payment page opens',
  'outbox.test.ts': 'two senders claim each outbox row once (FOR UPDATE SKIP LOCKED)',
  'mail-outbox.test.ts': 'a mail recorded in a rolled-back transaction, and sent once when two try',
  'cart-reminders-race.test.ts': "two instances' reminder jobs claim each abandoned cart once (a conditional update under the row's lock)",
  'merchant-notices.test.ts': 'each paid order noticed once however many roads bring it (unique keys under concurrency)',
  'rate-limiter.test.ts': "the limiter's counters are atomic upserts",
  'realtime.test.ts': 'live events through LISTEN/NOTIFY (PostgreSQL) and in-process (PGlite)',
  'admin-live-revocation.test.ts': 'a revoked right ends open live streams, through each engine’s notifications',
  'database-listen.test.ts': 'the listening connection of each engine',
  'foundation.test.ts': 'the migrations on each engine',
  'seed.test.ts': "the first start's seeding on each engine (once, under an advisory lock)",
  'variants-own-price-migration.test.ts':
    'a migration over existing rows, and the triggers that keep products.price and products.stock from the variants and refuse other writers',
  'partial-refunds-race.test.ts': "refunds of one order sent together: the cancel advisory lock and the order's row lock",
  'refund-withdrawal.test.ts':
    "a withdrawal and a recording by hand of one refund sent together: the order's row lock and the refund's (its other tests run once)",
  'sales-rollup.test.ts': "the sales reports' sums kept by triggers from orders, payments and refunds, with payments committed at once",
  'admin-orders-at-scale.test.ts': "each engine's query plans use the indexes",
  'metrics.test.ts':
    "the database pool's connections as each engine has them (PostgreSQL's pool, PGlite's one connection), and the scrape's reads in one transaction with savepoints",
  'stock-in-kg.test.ts':
    'a switch of stock unit locks every variant before its product, so a checkout waiting on one reads the new unit (its other tests run once)',
};
