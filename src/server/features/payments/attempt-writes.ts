// Every write to an order's payment attempts (payment_transactions) goes through here, and only
// after the order row's lock is taken: the database keeps orders.payment_status from the attempts
// (migration 0026's triggers), and one lock order (the order, then its attempts) means two writers
// never wait on each other's rows. A writer is only handed out by lockAttemptsOf, and it writes only
// that order's attempts. tests/integration/attempt-writes.test.ts fails on any other writer.
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, paymentTransactions } from '../../db/schema';

type NewAttempt = Omit<typeof paymentTransactions.$inferInsert, 'orderId'>;
type AttemptChange = Partial<Omit<typeof paymentTransactions.$inferInsert, 'id' | 'orderId'>>;

/** Writes to one order's attempts, within the transaction that holds the order's lock. */
export interface AttemptWriter {
  readonly orderId: string;
  /** The order row as locked (read by the statement that took the lock); undefined if there is none. */
  readonly order: typeof orders.$inferSelect | undefined;
  insert(values: NewAttempt): ReturnType<typeof insertInto>;
  /** Changes the order's attempts that `where` selects (all of them without it). */
  update(change: AttemptChange, where?: SQL | undefined): ReturnType<typeof updateIn>;
  delete(where: SQL | undefined): ReturnType<typeof deleteFrom>;
}

const insertInto = (tx: Tx, orderId: string, values: NewAttempt) => tx.insert(paymentTransactions).values({ ...values, orderId });
const updateIn = (tx: Tx, ofOrder: SQL | undefined, change: AttemptChange) => tx.update(paymentTransactions).set(change).where(ofOrder);
const deleteFrom = (tx: Tx, ofOrder: SQL | undefined) => tx.delete(paymentTransactions).where(ofOrder);

/** Takes the order row's lock in `tx`, then hands out the writer of its attempts. */
export async function lockAttemptsOf(tx: Tx, orderId: string): Promise<AttemptWriter> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const ofOrder = eq(paymentTransactions.orderId, orderId);
  return {
    orderId,
    order,
    insert: (values) => insertInto(tx, orderId, values),
    update: (change, where) => updateIn(tx, where ? and(ofOrder, where) : ofOrder, change),
    delete: (where) => {
      // Never all of an order's attempts at once: they are its payment history.
      if (!where) throw new Error('Deleting payment attempts needs a condition');
      return deleteFrom(tx, and(ofOrder, where));
    },
  };
}

/** A transaction of its own that locks the order and writes its attempts. */
export function writeAttemptsOf<T>(db: Db, orderId: string, write: (attempts: AttemptWriter, tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => write(await lockAttemptsOf(tx, orderId), tx));
}
