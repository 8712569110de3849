// /api/admin: the back office API. One gate (requireAdmin) covers every route below it, including
// paths that do not exist, so nothing under /api/admin answers a visitor or a customer.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { requireAdmin } from './admin-access';
import { adminAuditRoutes } from './admin-audit.routes';
import { adminContentPreviewRoutes, adminPagesRoutes, adminPostsRoutes } from './admin-content.routes';
import { adminCustomersRoutes } from './admin-customers.routes';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { adminDeliveryRoutes } from './admin-delivery.routes';
import { adminMessagesRoutes, adminNewsletterRoutes } from './admin-inbox.routes';
import { adminOrdersRoutes } from './admin-orders.routes';
import { adminProductsRoutes } from './admin-products.routes';
import { adminShopDetailsRoutes } from './admin-shop-details.routes';

export function adminRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin(ctx))
    .route('/dashboard', adminDashboardRoutes(ctx))
    .route('/products', adminProductsRoutes(ctx))
    .route('/orders', adminOrdersRoutes(ctx))
    .route('/customers', adminCustomersRoutes(ctx))
    .route('/posts', adminPostsRoutes(ctx))
    .route('/pages', adminPagesRoutes(ctx))
    .route('/content', adminContentPreviewRoutes())
    .route('/newsletter', adminNewsletterRoutes(ctx))
    .route('/messages', adminMessagesRoutes(ctx))
    .route('/delivery', adminDeliveryRoutes(ctx))
    .route('/shop-details', adminShopDetailsRoutes(ctx))
    .route('/audit', adminAuditRoutes(ctx));
}
