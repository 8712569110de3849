// npm run db:backup [-- --to DIR]: a compressed backup of the whole shop (database and DATA_DIR's
// files) in DATA_DIR/backups or DIR. While the shop runs on the embedded database, the shop takes it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../backup/archive';
import { backupsDir } from '../backup/automatic';
import { makeDataDirPrivate } from '../db/file-modes';
import { openDatabase } from '../db/client';
import { databaseOptions, directDatabaseUrl } from '../db/database-settings';
import { loadEnv } from '../env';
import { askRunningShop, claimDataDir, runCli, UserError } from './cli-support';

const USAGE = 'Usage: npm run db:backup [-- --to DIR]';

await runCli(async () => {
  let to: string | undefined;
  try {
    to = parseArgs({ options: { to: { type: 'string' } } }).values.to?.trim();
  } catch (err) {
    throw new UserError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
  }
  const env = loadEnv();
  const dir = path.resolve(to || backupsDir(env.DATA_DIR));
  const access = claimDataDir(env, 'npm run db:backup');
  if (access.kind === 'shop') {
    // The one writer takes it, between two of its own transactions: a consistent backup.
    const answer = await askRunningShop(env, access.owner, '/backup', { to: dir });
    console.log(answer.message);
    return;
  }
  try {
    const folder = path.resolve(env.DATA_DIR, 'pglite');
    if (!env.DATABASE_URL && (!existsSync(folder) || readdirSync(folder).length === 0))
      throw new UserError(`There is no database in ${folder} to back up. Check DATA_DIR (or set DATABASE_URL for a PostgreSQL server).`);
    const database = await openDatabase(databaseOptions(env));
    try {
      // pg_dump needs a whole session: through a transaction pooler it is unsupported.
      const file = await writeBackup({ database, databaseUrl: directDatabaseUrl(env), dataDir: env.DATA_DIR }, dir, 'manual');
      makeDataDirPrivate(env.DATA_DIR);
      console.log(`Backup written to ${file}`);
    } finally {
      await database.close();
    }
  } finally {
    access.lock?.release();
  }
});
