// npm run admin:create -- --email owner@example.co.ke: make an existing account an admin.
// While the shop runs on the embedded database, the shop does it (it is the one writer).
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { databaseOptions } from '../db/database-settings';
import { runMigrations } from '../db/migrate';
import { loadEnv } from '../env';
import { promoteToAdmin, promotionMessage } from '../features/customers/admin-promotion.service';
import { askRunningShop, claimDataDir, runCli, UserError } from './cli-support';

const USAGE = 'Usage: npm run admin:create -- --email owner@example.co.ke';

await runCli(async () => {
  let email: string | undefined;
  try {
    email = parseArgs({ options: { email: { type: 'string' } } }).values.email?.trim();
  } catch (err) {
    throw new UserError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
  }
  if (!email) throw new UserError(`Give the email address of an existing account.\n${USAGE}`, 2);

  const env = loadEnv();
  const access = claimDataDir(env, 'npm run admin:create');
  if (access.kind === 'shop') {
    // The running shop answers with its own PUBLIC_URL.
    const answer = await askRunningShop(env, access.owner, '/admin-create', { email });
    if (!answer.ok) throw new UserError(answer.message);
    console.log(answer.message);
    return;
  }
  const database = await openDatabase(databaseOptions(env));
  try {
    await runMigrations(database);
    const result = await promoteToAdmin(database.db, email, new Date()); // the command's own clock
    const message = promotionMessage(result, env.PUBLIC_URL);
    if (result.outcome === 'unknown-email') throw new UserError(message);
    console.log(message);
  } finally {
    await database.close();
    access.lock?.release();
  }
});
