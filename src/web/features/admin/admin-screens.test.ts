import { describe, expect, it } from 'vitest';
import { ADMIN_CHUNKS, ADMIN_SCREENS, adminHref } from './admin-screens';

describe('the back office screens table', () => {
  it('gives each screen one path under /admin', () => {
    const paths = ADMIN_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(false);
  });

  it('puts the sections in the nav in order, each with a screen of its own', () => {
    const nav = ADMIN_SCREENS.filter((s) => s.nav).map((s) => [adminHref(s.path), s.nav?.label]);
    expect(nav).toEqual([
      ['/admin', 'Dashboard'],
      ['/admin/orders', 'Orders'],
      ['/admin/products', 'Products'],
      ['/admin/customers', 'Customers'],
      ['/admin/posts', 'Blog posts'],
      ['/admin/pages', 'Pages'],
      ['/admin/tax-invoices', 'Tax invoices'],
      ['/admin/newsletter', 'Newsletter'],
      ['/admin/messages', 'Messages'],
      ['/admin/delivery', 'Delivery'],
      ['/admin/shop-details', 'Shop details'],
      ['/admin/audit', 'Audit log'],
    ]);
  });

  it('loads each screen chunk once, ahead', () => {
    expect(ADMIN_CHUNKS).toHaveLength(15);
    for (const chunk of ADMIN_CHUNKS) expect(typeof chunk.preload).toBe('function');
  });
});
