// npm run db:migrate: apply the committed migrations to DATABASE_URL or the PGlite in DATA_DIR.
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { loadEnv } from '../env';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(database);
console.log(`Migrations applied to ${database.description}`);
await database.close();
