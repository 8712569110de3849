// Builds web app and server into another folder than dist/ (e.g. for parallel test runs):
// node scripts/build-to.mjs .dist-mine   then   SHOP_DIST=.dist-mine npx vitest run -c vitest.e2e.config.ts
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/build-to.mjs <outDir>');
execFileSync('npx', ['vite', 'build', '--outDir', path.resolve(out, 'web'), '--logLevel', 'warn'], { stdio: 'inherit' });
// The server-rendering bundle sits beside web/, where the page renderer looks for it.
execFileSync('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--outDir', path.resolve(out, 'ssr'), '--logLevel', 'warn'], {
  stdio: 'inherit',
});
execFileSync('npx', ['tsx', 'scripts/precompress-web.ts', path.resolve(out, 'web')], { stdio: 'inherit' });
execFileSync('node', ['scripts/build-server.mjs', out], { stdio: 'inherit' });
