// /api/admin: the back office API. One gate (requireAdmin) covers every route below it, including
// paths that do not exist, so nothing under /api/admin answers a visitor or a customer, and each
// route answers the owner and only the roles it declares itself (`allow('staff')` in its chain;
// none: the owner's alone).
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from './context';
import { requireAdmin } from './back-office/admin-access';
import { adminAuditRoutes } from './features/audit/admin.routes';
import { adminContentPreviewRoutes, adminPagesRoutes, adminPostsRoutes } from './features/content/admin.routes';
import { adminCustomersRoutes } from './features/customers/admin.routes';
import { adminDashboardRoutes } from './features/dashboard/admin.routes';
import { adminDeliveryRoutes } from './features/delivery/admin.routes';
import { adminMessagesRoutes, adminNewsletterRoutes } from './features/content/admin-inbox.routes';
import { adminOrdersRoutes } from './features/orders/admin.routes';
import { adminOrderPaymentsRoutes } from './features/payments/admin.routes';
import { adminRefundsRoutes } from './features/refunds/admin.routes';
import { adminReportsRoutes } from './features/reports/admin.routes';
import { adminProductsRoutes } from './features/catalog/admin.routes';
import { adminVariantsRoutes } from './features/catalog/admin-variants.routes';
import { adminShopDetailsRoutes } from './features/content/admin-shop-details.routes';
import { adminTaxInvoicesRoutes } from './features/tax-invoices/admin.routes';
import { adminStaffRoutes } from './features/customers/admin-staff.routes';
import { adminDeliveriesRoutes, adminRiderRoutes } from './features/deliveries/admin.routes';
import { adminMerchantNoticesRoutes } from './features/merchant-notices/admin.routes';
import { adminPackingRoutes } from './features/packing/admin.routes';
import { adminLiveRoutes } from './features/realtime/realtime.routes';
import { adminSignInCodesRoutes } from './features/account/admin.routes';
import { adminGoLiveRoutes } from './go-live/go-live.routes';
import { adminPromotionsRoutes } from './features/promotions/admin.routes';
import { adminAbandonedCartsRoutes } from './features/carts/admin.routes';
import { adminDataRequestsRoutes } from './features/privacy/admin.routes';

export function adminRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin(ctx))
    .route('/dashboard', adminDashboardRoutes(ctx))
    .route('/products', adminProductsRoutes(ctx))
    .route('/products', adminVariantsRoutes(ctx))
    .route('/orders', adminOrdersRoutes(ctx))
    .route('/orders', adminOrderPaymentsRoutes(ctx))
    .route('/orders', adminRefundsRoutes(ctx))
    .route('/reports', adminReportsRoutes(ctx))
    .route('/customers', adminCustomersRoutes(ctx))
    .route('/posts', adminPostsRoutes(ctx))
    .route('/pages', adminPagesRoutes(ctx))
    .route('/content', adminContentPreviewRoutes())
    .route('/newsletter', adminNewsletterRoutes(ctx))
    .route('/messages', adminMessagesRoutes(ctx))
    .route('/delivery', adminDeliveryRoutes(ctx))
    .route('/shop-details', adminShopDetailsRoutes(ctx))
    .route('/audit', adminAuditRoutes(ctx))
    .route('/tax-invoices', adminTaxInvoicesRoutes(ctx))
    .route('/staff', adminStaffRoutes(ctx))
    .route('/deliveries', adminDeliveriesRoutes(ctx))
    .route('/packing', adminPackingRoutes(ctx))
    .route('/rider', adminRiderRoutes(ctx))
    .route('/merchant-notices', adminMerchantNoticesRoutes(ctx))
    .route('/live', adminLiveRoutes(ctx))
    .route('/sign-in-codes', adminSignInCodesRoutes(ctx))
    .route('/go-live', adminGoLiveRoutes(ctx))
    .route('/promotions', adminPromotionsRoutes(ctx))
    .route('/abandoned-carts', adminAbandonedCartsRoutes(ctx))
    .route('/data-requests', adminDataRequestsRoutes(ctx));
}
