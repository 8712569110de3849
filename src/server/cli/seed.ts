// npm run db:seed: migrate, then load the demo catalogue, posts, pages and zones if the shop is empty.
import { openDatabase } from '../db/client';
import { databaseOptions } from '../db/database-settings';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../seed/seed';
import { loadEnv } from '../env';
import { claimDataDir, refuseWhileShopRuns, runCli } from './cli-support';

await runCli(async () => {
  const env = loadEnv();
  const access = claimDataDir(env, 'npm run db:seed');
  if (access.kind === 'shop')
    throw refuseWhileShopRuns(
      env,
      access.owner,
      'A shop seeds an empty database itself when it starts. To seed this one anyway, stop the shop, run `npm run db:seed`, then start it again.',
    );
  const database = await openDatabase(databaseOptions(env));
  try {
    await runMigrations(database);
    const { seeded } = await seedDemoData(database.db);
    console.log(seeded ? `Demo data loaded into ${database.description}` : 'The shop already has products; nothing seeded.');
  } finally {
    await database.close();
    access.lock?.release();
  }
});
