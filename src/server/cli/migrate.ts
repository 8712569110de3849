// npm run db:migrate: apply the committed migrations to DATABASE_URL or the PGlite in DATA_DIR
// (backed up first into DATA_DIR/backups when there is something to apply).
import { backupBeforeMigrating } from '../backup/automatic';
import { makeDataDirPrivate } from '../db/file-modes';
import { openDatabase } from '../db/client';
import { databaseOptions } from '../db/database-settings';
import { runMigrations } from '../db/migrate';
import { loadEnv } from '../env';
import { claimDataDir, refuseWhileShopRuns, runCli } from './cli-support';

await runCli(async () => {
  const env = loadEnv();
  const access = claimDataDir(env, 'npm run db:migrate');
  if (access.kind === 'shop')
    throw refuseWhileShopRuns(
      env,
      access.owner,
      'It applied its migrations when it started. To apply newer ones, restart the shop (it backs up and migrates as it starts), or stop it and run `npm run db:migrate` again.',
    );
  const database = await openDatabase(databaseOptions(env));
  try {
    let backup: string | null = null;
    await runMigrations(database, { beforeMigrating: async () => (backup = await backupBeforeMigrating(database, env.DATA_DIR)) });
    makeDataDirPrivate(env.DATA_DIR);
    if (backup) console.log(`Backup taken first: ${backup}`);
    console.log(`Migrations applied to ${database.description}`);
  } finally {
    await database.close();
    access.lock?.release();
  }
});
