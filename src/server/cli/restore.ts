// npm run db:restore -- FILE [--force]: load a backup into an empty DATA_DIR (PGlite) or an empty
// DATABASE_URL database, and put its files back into DATA_DIR. A non-empty one needs --force.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openBackup } from '../backup/archive';
import { limitsFromMegabytes } from '../backup/archive-entries';
import { restoreBackup } from '../backup/restore';
import { directDatabaseSetting, directDatabaseUrl } from '../db/database-settings';
import { loadEnv } from '../env';
import { claimDataDir, refuseWhileShopRuns, runCli, UserError } from './cli-support';

const USAGE = 'Usage: npm run db:restore -- FILE [--force]';

await runCli(async () => {
  let file: string | undefined;
  let force = false;
  try {
    const parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
    file = parsed.positionals[0];
    force = parsed.values.force ?? false;
    if (parsed.positionals.length > 1) throw new Error('Give one backup file.');
  } catch (err) {
    throw new UserError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
  }
  if (!file) throw new UserError(`Give the backup file to restore.\n${USAGE}`, 2);

  const env = loadEnv();
  const access = claimDataDir(env, 'npm run db:restore');
  if (access.kind === 'shop')
    throw refuseWhileShopRuns(env, access.owner, `Stop the shop first, then run \`npm run db:restore -- ${file}\` again.`);
  try {
    const backup = await openBackup(path.resolve(file), limitsFromMegabytes(env.RESTORE_MAX_MB));
    try {
      const setting = directDatabaseSetting(env);
      const target = env.DATABASE_URL ? `the database at ${setting}` : path.resolve(env.DATA_DIR, 'pglite');
      // Directly: the dump's SETs would stay behind on a transaction pooler's server connection.
      const result = await restoreBackup(backup, {
        databaseUrl: directDatabaseUrl(env),
        databaseSetting: setting,
        dataDir: env.DATA_DIR,
        force,
      });
      console.log(
        `Restored ${path.resolve(file)} (taken ${backup.manifest.createdAt} from ${backup.manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}) into ${target}.`,
      );
      if (result.files > 0) console.log(`${result.files} file(s) put back into ${path.resolve(env.DATA_DIR)}.`);
      if (result.replacedFolder) console.log(`The database it replaced is kept in ${result.replacedFolder}; delete it once you are sure.`);
      console.log('Start the shop: it applies any newer migrations as it starts.');
    } finally {
      backup.dispose();
    }
  } finally {
    access.lock?.release();
  }
});
