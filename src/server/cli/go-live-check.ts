// npm run go-live:check [-- --timeout 20]: every outside service and setting the shop needs in
// production, checked with the real clients against the configured hosts, one line each with what
// to do (docs/go-live.md). Exits 1 when a check fails. While the shop runs on the embedded database,
// the running shop runs the checks, with its own settings (it is the one reader and writer).
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { databaseOptions } from '../db/database-settings';
import { loadEnvToCheck } from '../env';
import { goLiveReport } from '../go-live/go-live-report';
import { askRunningShop, claimDataDir, runCli, UserError } from './cli-support';

const USAGE = 'Usage: npm run go-live:check [-- --timeout SECONDS]';

await runCli(async () => {
  let timeoutMs: number | undefined;
  try {
    const seconds = parseArgs({ options: { timeout: { type: 'string' } } }).values.timeout;
    if (seconds !== undefined) {
      timeoutMs = Number(seconds) * 1000;
      if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error(`--timeout must be a number of seconds, not '${seconds}'`);
    }
  } catch (err) {
    throw new UserError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
  }
  const env = loadEnvToCheck();
  const access = claimDataDir(env, 'npm run go-live:check');
  if (access.kind === 'shop') {
    const answer = await askRunningShop(env, access.owner, '/go-live-check', timeoutMs ? { timeoutMs } : {});
    console.log(answer.message);
    if (!answer.ok) process.exitCode = 1;
    return;
  }
  const database = await openDatabase(databaseOptions(env));
  try {
    const report = await goLiveReport(env, database.db, () => new Date(), timeoutMs); // the command's own clock
    console.log(report.text);
    if (!report.ok) process.exitCode = 1;
  } finally {
    await database.close();
    access.lock?.release();
  }
});
