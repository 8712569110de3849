import { PGlite } from '@electric-sql/pglite';
import { eq, gte, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from './money-column';

const prices = pgTable('prices', { id: text('id').primaryKey(), amount: money('amount').notNull() });
const column = prices.amount;

describe('money column', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [99, '0.99'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-125050, '-1250.50'],
  ])('writes %i cents as %s and reads it back', (cents, text) => {
    expect(column.mapToDriverValue(cents)).toBe(text);
    expect(column.mapFromDriverValue(text)).toBe(cents);
  });

  it('reads the decimal text with or without its trailing zero, and a number, exactly', () => {
    expect(column.mapFromDriverValue('1250.5')).toBe(125050);
    expect(column.mapFromDriverValue('1250.50')).toBe(125050);
    expect(column.mapFromDriverValue('1250')).toBe(125000);
    expect(column.mapFromDriverValue(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
  });

  it('refuses what is not an amount instead of guessing', () => {
    expect(() => column.mapFromDriverValue('n/a')).toThrow(RangeError);
    expect(() => column.mapToDriverValue(12.5)).toThrow(RangeError);
  });

  it('is numeric(12, 2) in the database, so the schema needs no migration', () => {
    expect(column.getSQLType()).toBe('numeric(12, 2)');
  });
});

describe('money column on a database', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client);
    await db.execute(sql`create table prices (id text primary key, amount numeric(12, 2) not null)`);
  });
  afterAll(() => client.close());

  it('stores cents as the exact decimal, reads them back, and filters by cents', async () => {
    await db.insert(prices).values([
      { id: 'a', amount: 123456789 },
      { id: 'b', amount: 1 },
      { id: 'c', amount: 99 },
    ]);
    const stored = await db.execute<{ id: string; text: string }>(sql`select id, amount::text as text from prices order by id`);
    expect(stored.rows).toEqual([
      { id: 'a', text: '1234567.89' },
      { id: 'b', text: '0.01' },
      { id: 'c', text: '0.99' },
    ]);
    expect(await db.select().from(prices).orderBy(prices.id)).toEqual([
      { id: 'a', amount: 123456789 },
      { id: 'b', amount: 1 },
      { id: 'c', amount: 99 },
    ]);
    // eq() and gte() bind their value through the column, so they take cents too.
    expect(await db.select({ id: prices.id }).from(prices).where(eq(prices.amount, 99))).toEqual([{ id: 'c' }]);
    expect(await db.select({ id: prices.id }).from(prices).where(gte(prices.amount, 99)).orderBy(prices.id)).toEqual([
      { id: 'a' },
      { id: 'c' },
    ]);
  });

  it('a raw sum comes back as cents through the column decoder', async () => {
    const [row] = await db.select({ total: sql`coalesce(sum(${prices.amount}), 0)`.mapWith(prices.amount) }).from(prices);
    expect(row?.total).toBe(123456789 + 1 + 99);
  });
});
