import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, adminHref, chunksFor, screensFor } from './admin-screens';

const navOf = (role: 'owner' | 'staff' | 'rider') => screensFor(role).flatMap((s) => (s.nav ? [[adminHref(s.path), s.nav.label]] : []));

describe('the back office screens table', () => {
  it('gives each screen one path under /admin', () => {
    const paths = ADMIN_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(false);
  });

  it("puts the owner's sections in the nav in order, each with a screen of its own", () => {
    expect(navOf('owner')).toEqual([
      ['/admin', 'Dashboard'],
      ['/admin/reports', 'Reports'],
      ['/admin/orders', 'Orders'],
      ['/admin/abandoned-carts', 'Abandoned carts'],
      ['/admin/deliveries', 'Deliveries'],
      ['/admin/packing', 'Packing'],
      ['/admin/cash-up', 'Cash-up'],
      ['/admin/products', 'Products'],
      ['/admin/promotions', 'Promotions'],
      ['/admin/customers', 'Customers'],
      ['/admin/posts', 'Blog posts'],
      ['/admin/pages', 'Pages'],
      ['/admin/tax-invoices', 'Tax invoices'],
      ['/admin/vat', 'VAT figures'],
      ['/admin/newsletter', 'Newsletter'],
      ['/admin/data-requests', 'Data requests'],
      ['/admin/messages', 'Messages'],
      ['/admin/delivery', 'Delivery'],
      ['/admin/shop-details', 'Shop details'],
      ['/admin/staff', 'Staff and riders'],
      ['/admin/audit', 'Audit log'],
      ['/admin/go-live', 'Go-live check'],
    ]);
  });

  it('shows staff orders, deliveries, the cash-up, stock, promotions, customers and messages, and a rider only their stops', () => {
    expect(navOf('staff').map(([, label]) => label)).toEqual([
      'Dashboard',
      'Reports',
      'Orders',
      'Abandoned carts',
      'Deliveries',
      'Packing',
      'Cash-up',
      'Products',
      'Promotions',
      'Customers',
      'Messages',
    ]);
    expect(navOf('rider')).toEqual([['/admin/rider', 'My stops']]);
    expect(screensFor('rider').map((s) => s.path)).toEqual(['rider']);
  });

  it("loads each of a role's screen chunks once, ahead", () => {
    expect(chunksFor('owner')).toHaveLength(26);
    expect(chunksFor('rider')).toHaveLength(1);
    for (const chunk of chunksFor('owner')) expect(typeof chunk.preload).toBe('function');
  });
});
