import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser journeys run one file at a time: each file starts its own shop and Chromium.
export default defineConfig({
  // '@/x' is src/x: the one import alias (tsconfig.json paths; esbuild reads those).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
