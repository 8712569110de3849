// The request latency histogram, kept here instead of in prom-client's Histogram. prom-client checks
// and hashes the label set on every observation, and on the cached public reads (thousands a second)
// that cost about a seventh of a request's CPU time (docs/decisions/075-the-request-path-at-full-speed.md).
// Here a label set is looked up once, when its series is made; an observation adds to numbers. The
// registry asks for the values at scrape time in prom-client's own shape, and prints them as it
// prints its own histograms.
import type { Metric, Registry } from 'prom-client';

/** Upper bounds in seconds (prom-client's defaults, as before). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface Series {
  observe(seconds: number): void;
}

interface SeriesData extends Series {
  labels: Readonly<Record<string, string>>;
  /** Observations per bucket (not cumulative); the last counts those above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

interface Value {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** What prom-client's registry reads from a metric at scrape time. */
interface Reading {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: Value[];
}

export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all: SeriesData[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** A new series for one label set: callers keep it (request-metrics.ts keeps one per set). */
  series(labels: Readonly<Record<string, string>>): Series {
    const data: SeriesData = {
      labels,
      counts: new Float64Array(BUCKETS.length + 1),
      sum: 0,
      count: 0,
      observe(seconds) {
        let i = 0;
        while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
        data.counts[i]!++;
        data.sum += seconds;
        data.count++;
      },
    };
    this.all.push(data);
    return data;
  }

  get(): Promise<Reading> {
    const values: Value[] = [];
    for (const s of this.all) {
      if (s.count === 0) continue;
      let cumulative = 0;
      BUCKETS.forEach((bound, i) => {
        cumulative += s.counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...s.labels }, value: cumulative });
      });
      values.push(
        { metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count },
        { metricName: `${this.name}_sum`, labels: { ...s.labels }, value: s.sum },
        { metricName: `${this.name}_count`, labels: { ...s.labels }, value: s.count },
      );
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  /** The registry's resetMetrics(): every series starts again from nothing. */
  reset(): void {
    for (const s of this.all) {
      s.counts.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }
}
