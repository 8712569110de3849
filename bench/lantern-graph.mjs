// node bench/lantern-graph.mjs <trace.json> <devtoolslog.json> <url>: what Lighthouse's simulated
// LCP is made of. Lighthouse's mobile score does not time the page; its simulation (Lantern)
// replays the requests and main-thread tasks that came before the page's largest paint over a slow
// 4G link, in two graphs (optimistic, pessimistic), and reports their average. This prints both
// graphs, each node with its simulated start and end (ms): the node that ends last is what to
// shorten. The two files come from one run with --save-assets, e.g.
//   npx lighthouse http://127.0.0.1:4001/shop --output=json --output-path=/tmp/lh.json --save-assets \
//     --only-categories=performance --form-factor=mobile --chrome-flags="--headless=new --no-sandbox"
// (docs/decisions/078-boot-script-inside-the-page.md shows what it found).
import { readFileSync } from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
const [traceFile, logFile, url] = process.argv.slice(2);
const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
const devtoolsLog = JSON.parse(readFileSync(logFile, 'utf8'));
const settings = { ...defaultSettings, throttlingMethod: 'simulate', formFactor: 'mobile' };
const data = {
  trace,
  devtoolsLog,
  gatherContext: { gatherMode: 'navigation' },
  settings,
  URL: { requestedUrl: url, mainDocumentUrl: url, finalDisplayedUrl: url },
  SourceMaps: [],
  simulator: null,
};
const context = { computedCache: new Map(), settings };
const r = await LanternLargestContentfulPaint.request(data, context);
console.log(
  'LCP',
  Math.round(r.timing),
  'optimistic',
  Math.round(r.optimisticEstimate.timeInMs),
  'pessimistic',
  Math.round(r.pessimisticEstimate.timeInMs),
);
for (const [label, est] of [
  ['OPTIMISTIC', r.optimisticEstimate],
  ['PESSIMISTIC', r.pessimisticEstimate],
]) {
  console.log('--', label);
  const rows = [...est.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows) {
    const what =
      node.type === 'network'
        ? `${node.request.priority} ${node.request.resourceType} ${node.request.transferSize}B ${node.request.url.replace(/^https?:\/\/[^/]+/, '')}`
        : `CPU ${(node.duration / 1000).toFixed(1)}ms observed: ${[...new Set(node.childEvents.filter((e) => e.dur > 500).map((e) => e.name))].slice(0, 6).join(',')}`;
    console.log(String(Math.round(t.startTime)).padStart(6), String(Math.round(t.endTime)).padStart(6), what);
  }
}
