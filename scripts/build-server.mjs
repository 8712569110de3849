// Bundles the server into <out>/server/index.js (dependencies stay external) and copies the SQL
// migrations beside it, so `node <out>/server/index.js` needs nothing from src/.
// Usage: node scripts/build-server.mjs [outDir=dist]
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const out = process.argv[2] ?? 'dist';
rmSync(path.join(out, 'server'), { recursive: true, force: true });
await build({
  entryPoints: ['src/server/index.ts'],
  outfile: path.join(out, 'server/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  // The '@/' import alias comes from tsconfig.json's paths.
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', path.join(out, 'server/migrations'), { recursive: true });
console.log(`built ${out}/server/index.js`);
