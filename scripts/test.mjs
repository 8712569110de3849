// npm test: typecheck, lint, dead-code check, unit + integration tests, build, browser journeys; one summary line.
// Steps that do not depend on each other run side by side (the checks beside each other, the build
// beside them), so a 2-core machine is kept busy; their output is shown
// as each step ends, so it never interleaves.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { ensureTestPrograms } from './ensure-test-programs.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
/** Each test file's time, from the reports: the slowest ten are printed at the end. */
const fileTimes = [];
const failures = [];
const failedTests = [];
/** What a failed step said besides its failed tests (printed last). */
const stepErrors = [];
mkdirSync('test-results', { recursive: true });

/** Runs one step; `live` steps print as they go, the others print their output when they end. */
function run(label, cmd, args, { env = {}, live = false } = {}) {
  const started = Date.now();
  if (live) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    const take = (stream) => (d) => {
      output += d;
      if (live) stream.write(d);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (!live) process.stdout.write(`\n▶ ${label}\n${output}`);
      console.log(`${ok ? '✔' : '✘'} ${label} (${secs} s)`);
      if (!ok) {
        failures.push(label);
        // A step can fail with every test passed (an error outside any test, a file that would not
        // load, a worker that died): its own words, kept for the end of the log where CI shows them.
        if (live) stepErrors.push(...errorLines(label, output));
      }
      resolve(ok);
    });
  });
}

/** The lines of a failed step's output that say why it failed beyond its failed tests. */
function errorLines(label, output) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const marks = /Unhandled|Error:|FAIL |Worker exited|Timeout|ERR_|failed to load|Failed to load/;
  const picked = [];
  lines.forEach((line, i) => {
    if (marks.test(line) && !line.includes('✓')) picked.push(...lines.slice(i, i + 4));
  });
  return picked.slice(0, 60).map((l) => `${label}: ${l}`);
}

function count(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.passed += report.numPassedTests ?? 0;
  results.failed += report.numFailedTests ?? 0;
  results.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    // A file that failed as a whole (it would not load, a hook threw) has no failed test to name it.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')}\n    ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
    if (file.endTime && file.startTime)
      fileTimes.push({ name: file.name.replace(`${process.cwd()}/`, ''), ms: file.endTime - file.startTime });
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const why = (t.failureMessages ?? []).join(' ').split('\n')[0].slice(0, 300);
      failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')} > ${t.fullName}\n    ${why}`);
    }
  }
}

const chromium = ensureTestPrograms().chromium;
const dbs = process.env.TEST_DATABASE_URL
  ? 'PostgreSQL (TEST_DATABASE_URL), and PGlite too where the engine is the subject (tests/support/engine-subjects.ts)'
  : 'PGlite only (set TEST_DATABASE_URL to add PostgreSQL)';
console.log(`Integration tests run on: ${dbs}`);

// The build goes beside the checks, not beside the tests: some tests wait on real clocks (timeouts,
// retry windows), and a build competing for the two cores can push them past their margins.
const [, , , , , built] = await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  run('typecheck (pure domain, no DOM or Node types)', 'npx', ['tsc', '--noEmit', '-p', 'src/domain/tsconfig.json']),
  run('lint (zero warnings)', 'npx', ['eslint', '.', '--max-warnings', '0']),
  run('dead code (knip: unused files, exports, dependencies)', 'npx', ['knip']),
  run('format (prettier --check; npm run format fixes it)', 'npm', ['run', 'format:check', '--silent']),
  run('build', 'npm', ['run', 'build', '--silent']),
]);
await run(
  'unit and integration tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
  { live: true },
);
count('test-results/unit.json');
if (built) {
  await run('first-load size budget', 'node', ['scripts/check-first-load.mjs']);
  await run(
    'browser journeys (Chromium)',
    'npx',
    ['vitest', 'run', '-c', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/e2e.json'],
    {
      env: { CHROME_PATH: chromium },
      live: true,
    },
  );
  count('test-results/e2e.json');
}

console.log(`\nIntegration tests ran on: ${dbs}`);
console.log('Slowest test files:');
for (const f of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`);
// Last, so the tail of a CI log names what failed.
for (const line of stepErrors) console.log(line);
for (const t of failedTests) console.log(`✘ ${t}`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length || results.failed ? 1 : 0);
