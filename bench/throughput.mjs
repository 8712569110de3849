// Requests per second and p99 latency with autocannon. The machine may be busy with other work,
// so the shop and the baseline take turns (warm-up, then alternating rounds) instead of one long
// run each: a burst of outside load then hurts both sides alike.
import autocannon from 'autocannon';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 5;
const ROUNDS = 4;
export const MEASURE_SECONDS = ROUND_SECONDS * ROUNDS;

function run(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, timeout: 5 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** { [name]: { rps, p99, ok, total } } for each url, measured in alternating rounds. */
export async function compare(urls) {
  const names = Object.keys(urls);
  for (const name of names) await run(urls[name], WARMUP_SECONDS);
  const runs = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of names) runs[name].push(await run(urls[name], ROUND_SECONDS));
  }
  return Object.fromEntries(
    names.map((name) => {
      const rs = runs[name];
      const total = rs.reduce((t, r) => t + r.requests.total, 0);
      const failed = rs.reduce((t, r) => t + r.non2xx + r.errors + r.timeouts, 0);
      return [name, { rps: total / MEASURE_SECONDS, p99: Math.max(...rs.map((r) => r.latency.p99)), ok: total - failed, total }];
    }),
  );
}
