// npm run db:seed: migrate, then load the demo catalogue, posts, pages and zones if the shop is empty.
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../seed/seed';
import { loadEnv } from '../env';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(database);
const { seeded } = await seedDemoData(database.db);
console.log(seeded ? `Demo data loaded into ${database.description}` : 'The shop already has products; nothing seeded.');
await database.close();
