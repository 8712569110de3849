// What /metrics reads of the database at scrape time: the outboxes' unsent rows, pending and
// mismatched payments, the last hour's SMS. One read per scrape, however many gauges ask (they ask
// together), in one transaction on one connection with a statement timeout; each reading in its own
// savepoint, so one that fails is left out (and logged) and the others are still reported. A scrape
// waits for the database at most READ_DEADLINE_MS: the gauges kept in memory (requests, the pool)
// matter most exactly when the database is slow or its pool is exhausted.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { etimsStockMoves, orders, outboundMail, outboundSms, paymentTransactions, taxInvoices } from '../../db/schema';
import type { Logger } from '../logger';
import { UNDELIVERED_STATUSES } from '../sms/sms-outbox';

/** Each statement of a scrape; every one is a count over an index. */
const STATEMENT_TIMEOUT_MS = 2_000;
const READ_DEADLINE_MS = 5_000;
const HOUR_MS = 60 * 60_000;

/** Every outbox (docs/decisions/014-one-outbox.md): the merchant's notices travel as SMS and mail. */
const OUTBOXES = {
  mail: outboundMail,
  sms: outboundSms,
  tax_invoice: taxInvoices,
  stock_declaration: etimsStockMoves,
} as const;
export type OutboxName = keyof typeof OUTBOXES;

interface QueueReading {
  /** Rows still to be sent: queued, or failed and to be tried again. */
  waiting: number;
  /** How long the oldest of them has waited; 0 when none waits. */
  oldestAgeSeconds: number;
}

interface SmsHourReading {
  /** SMS queued for a gateway in the last hour (the development SMS box's are not). */
  queued: number;
  /** Of those: the last send failed and will be tried again. */
  retrying: number;
  /** Given up after the last try, or refused for good (a number the gateway never accepts). */
  abandoned: number;
  /** Sent, but the network reported it never reached the phone. */
  undelivered: number;
}

/** What could be read; a part left out (null, or a missing outbox) failed and was logged. */
export interface DatabaseReadings {
  outboxes: Partial<Record<OutboxName, QueueReading>>;
  pendingPayments: ProviderCounts | null;
  mismatchedPayments: ProviderCounts | null;
  smsLastHour: SmsHourReading | null;
}

const nothingRead = (): DatabaseReadings => ({ outboxes: {}, pendingPayments: null, mismatchedPayments: null, smsLastHour: null });

export function createDatabaseReader(opts: { db: Db; logger: Logger; now: () => Date }): () => Promise<DatabaseReadings> {
  const { logger } = opts;
  let reading: Promise<DatabaseReadings> | null = null;
  return async () => {
    // Gauges asking during a read (one scrape's, or a scrape while the last read still waits for a connection) share it.
    const current = (reading ??= readAll(opts).finally(() => (reading = null)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<DatabaseReadings>((resolve) => {
      timer = setTimeout(() => {
        logger.warn(
          { deadlineMs: READ_DEADLINE_MS },
          'metrics: the database did not answer in time; its gauges are left out of this scrape',
        );
        resolve(nothingRead());
      }, READ_DEADLINE_MS);
      timer.unref();
    });
    try {
      return await Promise.race([current, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

async function readAll({ db, logger, now }: { db: Db; logger: Logger; now: () => Date }): Promise<DatabaseReadings> {
  const readings = nothingRead();
  const at = now();
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
      const read = async (what: string, step: (sp: Tx) => Promise<void>) => {
        try {
          await tx.transaction(step);
        } catch (err) {
          logger.warn({ err, reading: what }, 'metrics: a reading of the database failed; its gauges are left out of this scrape');
        }
      };
      for (const name of Object.keys(OUTBOXES) as OutboxName[]) {
        await read(`outbox ${name}`, async (sp) => {
          readings.outboxes[name] = await unsent(sp, name, at);
        });
      }
      await read('pending payments', async (sp) => {
        readings.pendingPayments = await pendingPayments(sp);
      });
      await read('mismatched payments', async (sp) => {
        readings.mismatchedPayments = await mismatchedPayments(sp);
      });
      await read('SMS of the last hour', async (sp) => {
        readings.smsLastHour = await smsLastHour(sp, new Date(at.getTime() - HOUR_MS));
      });
    });
  } catch (err) {
    // No connection, or the transaction itself failed: whatever was read before is still reported.
    logger.warn({ err }, 'metrics: the database could not be read; its gauges are left out of this scrape');
  }
  return readings;
}

/** The outboxes' partial indexes cover exactly these statuses, written out so the planner matches them. */
async function unsent(tx: Tx, name: OutboxName, at: Date): Promise<QueueReading> {
  const table = OUTBOXES[name];
  const [row] = await queryRows<{ waiting: number; oldest_age_seconds: number | string | null }>(
    tx,
    sql`select count(*)::int as waiting,
               extract(epoch from (${at.toISOString()}::timestamptz - min(${table.createdAt})))::float8 as oldest_age_seconds
          from ${table} where ${table.status} in ('queued', 'failed')`,
  );
  return { waiting: row?.waiting ?? 0, oldestAgeSeconds: Math.max(0, Number(row?.oldest_age_seconds ?? 0)) };
}

type Provider = (typeof paymentTransactions.provider.enumValues)[number];
type ProviderCounts = { provider: Provider; count: number }[];

/** Every provider, 0 when none: a provider's series does not come and go. */
function byProvider(rows: { provider: string; count: number }[]): ProviderCounts {
  const counts = new Map<Provider, number>(paymentTransactions.provider.enumValues.map((p) => [p, 0]));
  for (const r of rows) counts.set(r.provider as Provider, r.count);
  return [...counts].map(([provider, count]) => ({ provider, count }));
}

async function pendingPayments(tx: Tx): Promise<ProviderCounts> {
  const rows = await queryRows<{ provider: string; count: number }>(
    tx,
    sql`select ${paymentTransactions.provider} as provider, count(*)::int as count
          from ${paymentTransactions} where ${paymentTransactions.status} = 'PENDING' group by 1`,
  );
  return byProvider(rows);
}

/**
 * Payments whose amount did not match the order's (the payment is flagged amount_mismatch and its
 * order marked as needing attention) that nobody has dealt with yet: the order still needs attention.
 */
async function mismatchedPayments(tx: Tx): Promise<ProviderCounts> {
  const rows = await queryRows<{ provider: string; count: number }>(
    tx,
    sql`select ${paymentTransactions.provider} as provider, count(*)::int as count
          from ${orders} join ${paymentTransactions} on ${paymentTransactions.orderId} = ${orders.id}
         where ${orders.needsAttention} and ${paymentTransactions.amountMismatch} group by 1`,
  );
  return byProvider(rows);
}

async function smsLastHour(tx: Tx, since: Date): Promise<SmsHourReading> {
  const undelivered = sql.join(
    UNDELIVERED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await queryRows<SmsHourReading>(
    tx,
    sql`select count(*) filter (where ${outboundSms.status} <> 'stored')::int as queued,
               count(*) filter (where ${outboundSms.status} = 'failed')::int as retrying,
               count(*) filter (where ${outboundSms.status} = 'abandoned')::int as abandoned,
               count(*) filter (where ${outboundSms.status} = 'sent' and ${outboundSms.deliveryStatus} in (${undelivered}))::int as undelivered
          from ${outboundSms} where ${outboundSms.createdAt} > ${since.toISOString()}::timestamptz`,
  );
  return row ?? { queued: 0, retrying: 0, abandoned: 0, undelivered: 0 };
}
