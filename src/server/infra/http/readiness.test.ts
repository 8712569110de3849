import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { closeConnectionsWhileDraining, createReadiness, readinessRoutes } from './readiness';

function app() {
  const readiness = createReadiness();
  const hono = new Hono()
    .use('*', closeConnectionsWhileDraining(readiness))
    .route('/ready', readinessRoutes(readiness))
    .get('/page', (c) => c.text('a page'));
  return { readiness, hono };
}

describe('readiness', () => {
  it('is ready while serving, and keeps connections open', async () => {
    const { hono } = app();
    const res = await hono.request('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect((await hono.request('/page')).headers.get('Connection')).toBeNull();
  });

  it('says 503 from the drain on, still answers other requests, and closes every connection after its answer', async () => {
    const { hono, readiness } = app();
    readiness.drain();
    const res = await hono.request('/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining' });
    expect(res.headers.get('Retry-After')).toBe('1');
    const page = await hono.request('/page');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('a page');
    expect(page.headers.get('Connection')).toBe('close');
    readiness.close();
    expect(readiness.state).toBe('closed');
    expect((await hono.request('/ready')).status).toBe(503);
  });

  it('never goes back to serving once drained', () => {
    const { readiness } = app();
    readiness.close();
    readiness.drain();
    expect(readiness.state).toBe('closed');
  });
});
