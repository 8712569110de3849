import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Each browser-journey file starts its own shop (its own port and data folder) and Chromium, so two
// files run side by side: a journey mostly waits on the other process, and two keep both cores busy.
export default defineConfig({
  // '@/x' is src/x: the one import alias (tsconfig.json paths; esbuild reads those).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    // One data folder migrated and seeded once; each shop starts from a copy (support/shop-server.ts).
    globalSetup: ['tests/e2e/support/data-dir-template.ts'],
    // A failing test leaves screenshots, HTML and the shop's log under test-results/e2e/.
    setupFiles: ['tests/e2e/support/failure-artefacts.ts'],
    pool: 'forks',
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    fileParallelism: true,
    // A journey's budget, not a wait: each step waits for what it needs to see (up to 30 s). A long
    // journey on a busy machine (both cores taken by another process) needs more than a minute.
    testTimeout: 120_000,
    // expect.poll waits for what the page will show, as a locator does (30 s), not vitest's 1 s:
    // on a busy machine a list refetched after a toast may take longer than a second to redraw.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 120_000,
  },
});
