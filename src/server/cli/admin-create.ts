// npm run admin:create -- --email owner@example.co.ke: make an existing account an admin.
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { loadEnv } from '../env';
import { promoteToAdmin, promotionMessage } from '../features/customers/admin-promotion.service';

const USAGE = 'Usage: npm run admin:create -- --email owner@example.co.ke';

let email: string | undefined;
try {
  email = parseArgs({ options: { email: { type: 'string' } } }).values.email?.trim();
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  process.exit(2);
}
if (!email) {
  console.error(`Give the email address of an existing account.\n${USAGE}`);
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await runMigrations(database);
  const result = await promoteToAdmin(database.db, email, new Date()); // the command's clock
  const message = promotionMessage(result, env.PUBLIC_URL);
  if (result.outcome === 'unknown-email') {
    console.error(message);
    process.exitCode = 1;
  } else {
    console.log(message);
  }
} finally {
  await database.close();
}
