// Writes each built web file's brotli and gzip forms beside it (dist/web/assets/app.js.br, .gz), so
// the shop reads them at start instead of compressing every file on every start.
// Usage: tsx scripts/precompress-web.ts [webRoot=dist/web]
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENCODED_SUFFIX, compressAsset, compressedAtBuild } from '../src/server/infra/http/asset-compression';

const root = process.argv[2] ?? 'dist/web';
let written = 0;
const walk = (dir: string): void => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      walk(full);
      continue;
    }
    const body = readFileSync(full);
    if (!compressedAtBuild(name, body.byteLength)) continue;
    const encoded = compressAsset(body);
    writeFileSync(full + ENCODED_SUFFIX.br, encoded.br);
    writeFileSync(full + ENCODED_SUFFIX.gzip, encoded.gzip);
    written += 1;
  }
};
walk(root);
console.log(`compressed ${written} files in ${root}`);
