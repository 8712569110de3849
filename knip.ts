import type { KnipConfig } from 'knip';

// Dead-code check (a step of npm test): files, exports and dependencies nothing reaches. The
// entries are the server, its command-line tools, the server-rendering entry, the scripts and the
// benches; Knip's Vite and Vitest plugins add the web app (src/web/index.html) and every test file,
// so an export that only a test imports counts as used.
const config: KnipConfig = {
  entry: [
    'src/server/index.ts',
    'src/server/cli/*.ts',
    'src/web/entry-server.tsx',
    'scripts/*.{mjs,ts}',
    'bench/*.{mjs,ts}',
    'tests/e2e/**/*.test.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.{mjs,ts}', 'bench/**/*.{mjs,ts}', 'tests/**/*.ts', '*.ts'],
  // System programs, not npm packages: scripts/ensure-test-programs.mjs installs Chromium, nginx and pgbouncer
  // with apt-get; a backup of a PostgreSQL shop runs the server's own pg_dump.
  ignoreBinaries: ['apt-get', 'pg_dump'],
};

export default config;
