import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

function appWith(framablePrefix?: string) {
  const app = new Hono();
  app.use('*', securityHeaders({ pesapalBaseUrl: 'https://cybqa.pesapal.com/pesapalv3', publicUrl: 'https://shop.test', framablePrefix }));
  app.get('*', (c) => c.html('<p>page</p>'));
  return app;
}

describe('security headers', () => {
  it('deny framing of the simulator path when no simulator is mounted (production): it is the app page there', async () => {
    const res = await appWith().request('/pesapal-sim/anything');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("leave only the mounted simulator's hosted page framable, not its switches page", async () => {
    const app = appWith('/pesapal-sim/');
    const hosted = await app.request('/pesapal-sim/Index?OrderTrackingId=x');
    expect(hosted.headers.get('x-frame-options')).toBeNull();
    expect(hosted.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('/pesapal-sim/switches')).headers.get('x-frame-options')).toBe('DENY');
    expect((await app.request('/profile')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('let the shop alone frame the pages Pesapal returns to, so the return can load inside the payment modal', async () => {
    const app = appWith('/pesapal-sim/');
    for (const path of ['/order-success?OrderTrackingId=x', '/checkout?payment=cancelled']) {
      const res = await app.request(path);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    }
    expect((await app.request('/orders')).headers.get('x-frame-options')).toBe('DENY');
    expect((await appWith().request('/order-success')).headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});
