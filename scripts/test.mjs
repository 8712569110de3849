// npm test: typecheck, lint, unit + integration tests, build, browser journeys; one summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync('test-results', { recursive: true });

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const ok = res.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${secs} s)`);
  if (!ok) failures.push(label);
  return ok;
}

function count(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.passed += report.numPassedTests ?? 0;
  results.failed += report.numFailedTests ?? 0;
  results.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const chromium = ensureChromium();
const dbs = process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL (TEST_DATABASE_URL)' : 'PGlite only (set TEST_DATABASE_URL to add PostgreSQL)';
console.log(`Integration tests run on: ${dbs}`);

if (run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']))
  run('typecheck (pure domain, no DOM or Node types)', 'npx', ['tsc', '--noEmit', '-p', 'src/domain/tsconfig.json']);
run('lint (zero warnings)', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']);
count('test-results/unit.json');
if (run('build', 'npm', ['run', 'build', '--silent'])) {
  run('first-load size budget', 'node', ['scripts/check-first-load.mjs']);
  run('browser journeys (Chromium)', 'npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/e2e.json'], { CHROME_PATH: chromium });
  count('test-results/e2e.json');
}

console.log(`\nIntegration tests ran on: ${dbs}`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length || results.failed ? 1 : 0);
