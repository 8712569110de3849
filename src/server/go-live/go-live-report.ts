// One run of the go-live check over the shop's settings and database, for the command, the running
// shop's control listener and the back office alike.
import type { Db } from '../db/client';
import type { Env } from '../env';
import { GO_LIVE_CHECKS } from './checks';
import { DEFAULT_CHECK_TIMEOUT_MS, formatReport, passed, runGoLiveChecks, type CheckLine } from './go-live-check';

export interface GoLiveReport {
  /** Whether no check failed (warnings do not fail). */
  ok: boolean;
  lines: CheckLine[];
  /** The report as the command prints it. */
  text: string;
}

export async function goLiveReport(env: Env, db: Db, now: () => Date, timeoutMs = DEFAULT_CHECK_TIMEOUT_MS): Promise<GoLiveReport> {
  const lines = await runGoLiveChecks(GO_LIVE_CHECKS, { env, db, now }, timeoutMs);
  return { ok: passed(lines), lines, text: `Go-live check of ${env.PUBLIC_URL}\n${formatReport(lines)}` };
}
