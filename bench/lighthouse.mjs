// Lighthouse mobile runs with Debian's Chromium, only when the lighthouse package is installed.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

const RUN_TIMEOUT_MS = 120_000;

function npx(args, timeout) {
  // chrome-launcher (inside Lighthouse) finds the browser through CHROME_PATH.
  const env = { ...process.env, CHROME_PATH: chromePath() ?? '' };
  return new Promise((resolve) => {
    execFile('npx', ['--no-install', 'lighthouse', ...args], { timeout, maxBuffer: 64 * 1024 * 1024, env }, (err, stdout, stderr) =>
      resolve({ ok: !err, stdout, stderr }),
    );
  });
}

export async function lighthouseAvailable() {
  return (await npx(['--version'], 30_000)).ok;
}

export function chromePath() {
  const p = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  return existsSync(p) ? p : null;
}

// Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, "Please run
// Lighthouse again"): such a run says nothing about the page, so it is run again.
const ATTEMPTS = 3;

/** Scores (0-100) for performance, accessibility and best practices of one page, mobile preset. */
export async function lighthouse(url) {
  let result;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    result = await lighthouseOnce(url);
    if (!result.error || !/run Lighthouse again/i.test(result.error)) return result;
  }
  return result;
}

async function lighthouseOnce(url) {
  const res = await npx(
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices',
      '--form-factor=mobile',
      '--max-wait-for-load=30000',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync',
    ],
    RUN_TIMEOUT_MS,
  );
  if (!res.ok) return { error: res.stderr.split('\n').filter(Boolean).slice(-3).join(' ') || 'lighthouse failed' };
  const report = JSON.parse(res.stdout);
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    // Lighthouse's own measure of how fast the machine's CPU was during the run (higher is faster):
    // a run on a busy machine shows it, and its simulated blocking time grows with it.
    cpuIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
  };
}
