// The gauges read from the database at scrape time (database-readings.ts): each one is filled in its
// collect() from the scrape's one read, and a part that could not be read leaves its gauge empty
// for that scrape rather than reporting a number that is not true.
import { Gauge, type Registry } from 'prom-client';
import type { DatabaseReadings, OutboxName } from './database-readings';

const ETIMS_QUEUES: OutboxName[] = ['tax_invoice', 'stock_declaration'];

export interface DatabaseGaugeOptions {
  read: () => Promise<DatabaseReadings>;
  /**
   * eTIMS is on: its queue is meant to drain. With ETIMS_DISABLED stock declarations still queue,
   * for KRA to be told once eTIMS is on, so their age says nothing and the eTIMS gauges are left out.
   */
  etimsOn: boolean;
}

export function registerDatabaseGauges(registry: Registry, { read, etimsOn }: DatabaseGaugeOptions): void {
  const gauge = <L extends string>(name: string, help: string, labelNames: L[], fill: (g: Gauge<L>, readings: DatabaseReadings) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const readings = await read();
        this.reset();
        // reset() leaves a gauge without labels at 0: removed, so a reading that failed shows no number.
        if (labelNames.length === 0) this.remove();
        fill(this, readings);
      },
    });

  gauge('shop_outbox_depth', 'Messages waiting to be sent (queued, or failed and to be tried again), by outbox.', ['kind'], (g, r) => {
    for (const [kind, q] of Object.entries(r.outboxes)) g.set({ kind }, q.waiting);
  });
  if (etimsOn) {
    const etims = (r: DatabaseReadings) => ETIMS_QUEUES.flatMap((kind) => (r.outboxes[kind] ? [{ kind, q: r.outboxes[kind] }] : []));
    gauge('shop_etims_queue_length', 'Tax invoices and stock declarations waiting to be sent to KRA eTIMS.', ['kind'], (g, r) => {
      for (const { kind, q } of etims(r)) g.set({ kind }, q.waiting);
    });
    gauge(
      'shop_etims_queue_oldest_age_seconds',
      'How long the oldest tax invoice or stock declaration still waiting for KRA eTIMS has waited (0: none waits).',
      ['kind'],
      (g, r) => {
        for (const { kind, q } of etims(r)) g.set({ kind }, q.oldestAgeSeconds);
      },
    );
  }
  gauge(
    'shop_payments_pending',
    'Payment attempts still PENDING, by provider (door: the rider collects on delivery).',
    ['provider'],
    (g, r) => {
      for (const { provider, count } of r.pendingPayments ?? []) g.set({ provider }, count);
    },
  );
  gauge(
    'shop_payments_mismatched',
    'Payments whose amount did not match the order, on orders still needing attention, by provider.',
    ['provider'],
    (g, r) => {
      for (const { provider, count } of r.mismatchedPayments ?? []) g.set({ provider }, count);
    },
  );
  gauge('shop_sms_queued_last_hour', 'SMS queued for the gateway in the last hour.', [], (g, r) => {
    if (r.smsLastHour) g.set(r.smsLastHour.queued);
  });
  gauge(
    'shop_sms_failed_last_hour',
    'SMS queued in the last hour that failed: retrying (the send failed, tried again), abandoned (given up), undelivered (the network reported it never arrived).',
    ['reason'],
    (g, r) => {
      if (!r.smsLastHour) return;
      const { retrying, abandoned, undelivered } = r.smsLastHour;
      g.set({ reason: 'retrying' }, retrying);
      g.set({ reason: 'abandoned' }, abandoned);
      g.set({ reason: 'undelivered' }, undelivered);
    },
  );
}
