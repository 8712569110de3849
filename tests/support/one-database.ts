// In a file that runs on both engines (engine-subjects.ts), a test whose subject is not the engine
// (the app's rules, with no race or engine feature in play) runs on the one default database. Kept
// apart from test-database.ts, which the benches import outside vitest.
import { it } from 'vitest';
import { DEFAULT_DB_KIND, type DbKind } from './test-database';

/**
 * `it` on the default database; on the other engine the test is not declared at all, so nothing is
 * skipped. The file's engine tests keep `it`.
 */
export function itOnOneDatabase(kind: DbKind): (name: string, fn: () => Promise<void>, timeout?: number) => void {
  return kind === DEFAULT_DB_KIND ? (name, fn, timeout) => it(name, fn, timeout) : () => undefined;
}
