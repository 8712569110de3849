import { customType } from 'drizzle-orm/pg-core';
import { centsToDecimalString, toCents, type Cents } from '../../../domain/money';

/**
 * A KES amount: numeric(12,2) in the database, integer cents in TypeScript. The conversion happens
 * here, exactly (no floats), so services never turn decimal strings into cents by hand. Raw `sql`
 * that reads money (a sum) bypasses the column: give it the column's decoder,
 * sql<Cents>`sum(...)`.mapWith(orders.totalAmount).
 */
export const money = customType<{ data: Cents; driverData: string | number }>({
  // The same text drizzle-kit writes for numeric(12,2), so the column needs no migration.
  dataType: () => 'numeric(12, 2)',
  toDriver: (cents) => centsToDecimalString(cents),
  // Drivers hand numeric over as text ('1250.5' or '1250.50'); toCents reads it exactly.
  fromDriver: (value) => toCents(value),
});
