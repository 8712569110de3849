// The go-live check: every outside service and setting the shop needs in production, each checked
// with the real client against the configured hosts (never a development stand-in), one line each
// with what to do when it fails. `npm run go-live:check` and the back office's Go-live screen run
// the same list (checks.ts). Decision 045.
import type { Db } from '../db/client';
import type { Env } from '../env';

/** What one check found: ok, ok with a warning (worth reading, not a failure), or a failure and its fix. */
export interface CheckResult {
  ok: boolean;
  /** Passed, but something the merchant should know or confirm (does not fail the check run). */
  warning?: boolean;
  /** What was found, in the merchant's words. */
  detail: string;
  /** What to do about a failure or a warning. */
  fix?: string;
}

/** What a check reads: the settings it checks and the shop's database. */
export interface CheckInput {
  env: Env;
  db: Db;
  now: () => Date;
  /** How long one outside call may take (the check's own limit is a little longer). */
  callTimeoutMs: number;
}

export interface GoLiveCheck {
  name: string;
  run(input: CheckInput): Promise<CheckResult>;
}

type CheckStatus = 'ok' | 'warning' | 'fail';

export interface CheckLine {
  name: string;
  status: CheckStatus;
  detail: string;
  fix: string | null;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 20_000;

const statusOf = (r: CheckResult): CheckStatus => (!r.ok ? 'fail' : r.warning ? 'warning' : 'ok');

/** Runs one check, never longer than timeoutMs; a check that throws or overruns fails with what happened. */
async function runOne(check: GoLiveCheck, input: CheckInput, timeoutMs: number): Promise<CheckLine> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overrun = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          ok: false,
          detail: `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`,
          fix: 'Check that this machine reaches the service (network, firewall, the host in the settings), then run the check again.',
        }),
      timeoutMs,
    );
  });
  try {
    const result = await Promise.race([
      check.run(input).catch((err: unknown): CheckResult => ({
        ok: false,
        detail: `the check itself failed: ${err instanceof Error ? err.message : String(err)}`,
        fix: 'Read the message; a database error means the shop has not started on this database yet (start it once: it migrates).',
      })),
      overrun,
    ]);
    return {
      name: check.name,
      status: statusOf(result),
      detail: result.detail,
      fix: result.ok && !result.warning ? null : (result.fix ?? null),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Every check at once (each has its own time limit); the lines in the list's order. */
export function runGoLiveChecks(
  checks: readonly GoLiveCheck[],
  input: Omit<CheckInput, 'callTimeoutMs'>,
  timeoutMs = DEFAULT_CHECK_TIMEOUT_MS,
): Promise<CheckLine[]> {
  // Each client gives up a little before the check's own limit, so its message (which host, which call) is the one shown.
  const callTimeoutMs = Math.max(100, Math.round(timeoutMs * 0.8));
  return Promise.all(checks.map((check) => runOne(check, { ...input, callTimeoutMs }, timeoutMs)));
}

export const passed = (lines: readonly CheckLine[]) => lines.every((l) => l.status !== 'fail');

const LABEL: Record<CheckStatus, string> = { ok: 'OK  ', warning: 'WARN', fail: 'FAIL' };

/** The report as the command prints it: one line per check, then the count. */
export function formatReport(lines: readonly CheckLine[]): string {
  const rows = lines.map((l) => `${LABEL[l.status]}  ${l.name}: ${l.detail}${l.fix ? ` → ${l.fix}` : ''}`);
  const count = (s: CheckStatus) => lines.filter((l) => l.status === s).length;
  const verdict = passed(lines) ? 'ready to go live' : 'not ready: fix the FAIL lines';
  return [...rows, `Go-live check: ${count('ok')} ok, ${count('warning')} to confirm, ${count('fail')} to fix (${verdict}).`].join('\n');
}
