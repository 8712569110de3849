import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram';

const observations = [0.001, 0.005, 0.0051, 0.3, 0.3, 2, 11, 0.02];
const labelSets = [
  { method: 'GET', route: '/api/catalog/products', status: '200' },
  { method: 'POST', route: '/api/orders', status: '400' },
];

describe('the request histogram', () => {
  it('prints what prom-client’s own histogram prints for the same observations', async () => {
    const theirs = new Registry();
    const reference = new Histogram({ name: 'h', help: 'Latency.', labelNames: ['method', 'route', 'status'], registers: [theirs] });
    const ours = new Registry();
    const histogram = new RequestHistogram('h', 'Latency.', ours);
    labelSets.forEach((labels, n) => {
      const series = histogram.series(labels);
      for (const seconds of observations.slice(n)) {
        series.observe(seconds);
        reference.observe(labels, seconds);
      }
    });
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('h_bucket{le="0.005",method="GET",route="/api/catalog/products",status="200"} 2');
  });

  it('leaves out a series with nothing observed, and starts again after a reset', async () => {
    const registry = new Registry();
    const histogram = new RequestHistogram('h', 'Latency.', registry);
    histogram.series(labelSets[0]!);
    const used = histogram.series(labelSets[1]!);
    used.observe(0.2);
    expect((await histogram.get()).values.map((v) => v.labels.route)).not.toContain('/api/catalog/products');
    registry.resetMetrics();
    expect((await histogram.get()).values).toEqual([]);
    used.observe(0.02);
    const count = (await histogram.get()).values.find((v) => v.metricName === 'h_count');
    expect(count?.value).toBe(1);
  });
});
