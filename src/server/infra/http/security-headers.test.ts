import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isPrivatePath } from './private-paths';
import { securityHeaders } from './security-headers';

function appWith(framablePrefix?: string, isProduction = true) {
  const app = new Hono();
  app.use(
    '*',
    securityHeaders({
      pesapalBaseUrl: 'https://cybqa.pesapal.com/pesapalv3',
      publicUrl: 'https://shop.test',
      isProduction,
      framablePrefix,
    }),
  );
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
    expect(hosted.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(hosted.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hosted.headers.get('x-robots-tag')).toBe('noindex');
    expect((await app.request('/pesapal-sim/switches')).headers.get('x-frame-options')).toBe('DENY');
    expect((await app.request('/profile')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('turn camera, microphone and location off, isolate the window and send only the origin as referrer', async () => {
    const res = await appWith().request('/shop');
    const policy = res.headers.get('permissions-policy') ?? '';
    expect(policy).toContain('camera=()');
    expect(policy).toContain('microphone=()');
    expect(policy).toContain('geolocation=()');
    // The payment modal's frame carries allow="payment"; only ours and Pesapal's may use it.
    expect(policy).toMatch(/payment=\(self [^)]*"https:\/\/pay\.pesapal\.com"/);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin');
  });

  it('in production let the shop be indexed, but not accounts, checkout, the back office, the API or the tools', async () => {
    const app = appWith('/pesapal-sim/');
    for (const path of ['/', '/shop', '/shop/tilapia-whole', '/blog', '/blog/some-post', '/about', '/contact', '/pages/delivery']) {
      expect((await app.request(path)).headers.get('x-robots-tag'), path).toBeNull();
    }
    const hidden = [
      '/auth',
      '/auth/callback',
      '/profile',
      '/orders',
      '/orders/abc',
      '/order-success',
      '/checkout',
      '/cart',
      '/admin',
      '/admin/orders',
      '/api/health',
      '/dev/mail',
      '/pesapal-sim/switches',
      '/pesapal-sim/Index',
    ];
    for (const path of hidden) {
      expect((await app.request(path)).headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });

  it('outside production mark every page noindex', async () => {
    const app = appWith(undefined, false);
    for (const path of ['/', '/shop', '/blog']) {
      expect((await app.request(path)).headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });

  it('know the private paths by their whole first segment', () => {
    expect(isPrivatePath('/cart')).toBe(true);
    expect(isPrivatePath('/cart/')).toBe(true);
    expect(isPrivatePath('/cartoons')).toBe(false);
    expect(isPrivatePath('/authors')).toBe(false);
    expect(isPrivatePath('/admin/products/new')).toBe(true);
    expect(isPrivatePath('/checkout')).toBe(true);
    expect(isPrivatePath('/apiary')).toBe(false);
  });

  it('let the shop alone frame the page Pesapal returns to, so the return can load inside the payment modal; never the app', async () => {
    const app = appWith('/pesapal-sim/');
    for (const path of ['/api/payments/return?OrderTrackingId=x', '/api/payments/return?payment=cancelled&OrderTrackingId=x']) {
      const res = await app.request(path);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
    for (const path of ['/orders', '/order-success?OrderTrackingId=x', '/checkout?payment=cancelled']) {
      const res = await app.request(path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
