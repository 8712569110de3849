// Fails when the first download of the home page is over its gzip budget (120 KB on React 19, decision 009). A size,
// not a timing, so it is the same on every machine; it caught zod slipping into the entry chunk.
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
