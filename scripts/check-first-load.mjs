// Fails when the first download of the home page is over its gzip budget (100 KB, decision 074). A size,
// not a timing, so it is the same on every machine; it caught zod slipping into the entry chunk.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BUDGET_GZIP_BYTES, firstLoadReport } from '../bench/bundle-size.mjs';

const webRoot = process.argv[2] ?? 'dist/web';
const report = firstLoadReport(webRoot);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
if (report.withinBudget) {
  console.log(`first load JavaScript ${kb(report.js)} gzip, within ${kb(BUDGET_GZIP_BYTES)} (with CSS ${kb(report.total.gzip)})`);
} else {
  console.error(`first load JavaScript ${kb(report.js)} gzip is over the ${kb(BUDGET_GZIP_BYTES)} budget:`);
  for (const r of report.rows) console.error(`  ${r.file.padEnd(34)} ${kb(r.gzip)}`);
  process.exit(1);
}

// Every chunk of the app starts with V8's compile hint (scripts/vite-compile-hints.ts): a build
// that lost it would still work, only slower on a phone, so nothing else would notice.
const HINT = '//# allFunctionsCalledOnLoad\n';
const assets = path.join(webRoot, 'assets');
const unhinted = readdirSync(assets).filter((f) => f.endsWith('.js') && !readFileSync(path.join(assets, f), 'utf8').startsWith(HINT));
if (unhinted.length) {
  console.error(`${unhinted.length} chunks do not start with the compile hint: ${unhinted.slice(0, 5).join(', ')}`);
  process.exit(1);
}
console.log('every app chunk starts with the compile hint');
