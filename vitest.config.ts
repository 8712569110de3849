import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Two cores: keep forks few; integration tests each get their own PGlite (a clone of one migrated
// template per worker). Files share a worker's module cache (isolate: false): importing the app and
// compiling PGlite's WASM once per worker instead of once per file halves the run. Test files must
// therefore restore what they change (spies, env, switches), which they do in after-hooks.
export default defineConfig({
  // '@/x' is src/x: the one import alias (tsconfig.json paths; esbuild reads those).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    pool: 'forks',
    // Each pool reads only the root's isolate (a project's own decides just whether modules are
    // re-imported per file), so the two kinds of test use two pools. Forks, not isolated, keep a worker
    // process for many integration files: isolated, every file started a process and imported the app
    // again. Threads, isolated, give each component file a fresh worker, as React's DOM needs.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false }, threads: { maxThreads: 2, minThreads: 1, isolate: true } },
    testTimeout: 30_000,
    // expect.poll waits for another party (a request, a worker) up to 10 s, not vitest's 1 s: on a
    // busy machine a second is not enough, and a wait that ends early is all the poll costs.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          isolate: false,
        },
      },
      {
        // Component tests: a page or component in a jsdom DOM with Testing Library, its API faked
        // (src/web/test-support). Each file gets a fresh DOM and module cache (isolate): the app's
        // stores (cart, delivery area, toasts) keep the window they started with, as in a browser
        // tab, and sharing the cache measured no faster (each file builds its own DOM either way).
        extends: true,
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-support/setup-components.ts'],
          pool: 'threads',
          isolate: true,
        },
      },
    ],
  },
});
