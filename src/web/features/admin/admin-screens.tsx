// The back office's screens, listed once: the admin routes (admin-app.tsx) and the section nav
// (components/admin-nav.tsx) are both built from this table, so a screen's path is written once.
// Each screen names the roles that see it (the server checks every call again: docs/roles.md).
// One lazily loaded chunk per screen, all of it outside the storefront's first download.
import type { JSX } from 'react';
import {
  BarChart3,
  Bike,
  ClipboardList,
  FileLock,
  FileText,
  Gauge,
  History,
  Landmark,
  Mail,
  MapPin,
  Newspaper,
  Package,
  PackageCheck,
  ReceiptText,
  Rocket,
  Send,
  ShoppingCart,
  Store,
  TicketPercent,
  Truck,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { BackOfficeRole } from '@/domain/staff-roles';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';

const DashboardPage = lazyPage(() => import('./pages/dashboard-page'));
const ProductsPage = lazyPage(() => import('./pages/products-page'));
const ProductPage = lazyPage(() => import('./pages/product-page'));
const OrdersPage = lazyPage(() => import('./pages/orders-page'));
const OrderPage = lazyPage(() => import('./pages/order-page'));
const CustomersPage = lazyPage(() => import('./pages/customers-page'));
const CustomerPage = lazyPage(() => import('./pages/customer-page'));
const ContentListPage = lazyPage(() => import('./pages/content-list-page'));
const ContentEditPage = lazyPage(() => import('./pages/content-edit-page'));
const NewsletterPage = lazyPage(() => import('./pages/newsletter-page'));
const MessagesPage = lazyPage(() => import('./pages/messages-page'));
const DeliveryPage = lazyPage(() => import('./pages/delivery-page'));
const ShopDetailsPage = lazyPage(() => import('./pages/shop-details-page'));
const TaxInvoicesPage = lazyPage(() => import('./pages/tax-invoices-page'));
const AuditPage = lazyPage(() => import('./pages/audit-page'));
const DeliveriesPage = lazyPage(() => import('./pages/deliveries-page'));
const PackingPage = lazyPage(() => import('./pages/packing-page'));
const RiderPage = lazyPage(() => import('./pages/rider-page'));
const CashUpPage = lazyPage(() => import('./pages/cash-up-page'));
const StaffPage = lazyPage(() => import('./pages/staff-page'));
const GoLivePage = lazyPage(() => import('./pages/go-live-page'));
const ReportsPage = lazyPage(() => import('./pages/reports-page'));
const VatPage = lazyPage(() => import('./pages/vat-page'));
const PromotionsPage = lazyPage(() => import('./pages/promotions-page'));
const PromotionPage = lazyPage(() => import('./pages/promotion-page'));
const AbandonedCartsPage = lazyPage(() => import('./pages/abandoned-carts-page'));
const DataRequestsPage = lazyPage(() => import('./pages/data-requests-page'));

export interface AdminScreen {
  /** The path under /admin ('' is the dashboard). */
  readonly path: string;
  readonly element: JSX.Element;
  /** A section of its own in the nav; screens without one are reached from their section. */
  readonly nav?: { readonly label: string; readonly icon: LucideIcon };
  /** Who sees it besides the owner (who sees every screen but the rider's own list). */
  readonly roles?: readonly BackOfficeRole[];
}

const STAFF = ['owner', 'staff'] as const;

/** In the nav's order. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '', element: <DashboardPage />, nav: { label: 'Dashboard', icon: Gauge }, roles: STAFF },
  { path: 'reports', element: <ReportsPage />, nav: { label: 'Reports', icon: BarChart3 }, roles: STAFF },
  { path: 'orders', element: <OrdersPage />, nav: { label: 'Orders', icon: ClipboardList }, roles: STAFF },
  { path: 'orders/:id', element: <OrderPage />, roles: STAFF },
  { path: 'abandoned-carts', element: <AbandonedCartsPage />, nav: { label: 'Abandoned carts', icon: ShoppingCart }, roles: STAFF },
  { path: 'deliveries', element: <DeliveriesPage />, nav: { label: 'Deliveries', icon: Truck }, roles: STAFF },
  { path: 'packing', element: <PackingPage />, nav: { label: 'Packing', icon: PackageCheck }, roles: STAFF },
  { path: 'cash-up', element: <CashUpPage />, nav: { label: 'Cash-up', icon: Wallet }, roles: STAFF },
  { path: 'rider', element: <RiderPage />, nav: { label: 'My stops', icon: Bike }, roles: ['rider'] },
  { path: 'products', element: <ProductsPage />, nav: { label: 'Products', icon: Package }, roles: STAFF },
  { path: 'products/new', element: <ProductPage /> },
  { path: 'products/:id', element: <ProductPage />, roles: STAFF },
  { path: 'promotions', element: <PromotionsPage />, nav: { label: 'Promotions', icon: TicketPercent }, roles: STAFF },
  { path: 'promotions/new', element: <PromotionPage /> },
  { path: 'promotions/:id', element: <PromotionPage />, roles: STAFF },
  { path: 'customers', element: <CustomersPage />, nav: { label: 'Customers', icon: Users }, roles: STAFF },
  { path: 'customers/:id', element: <CustomerPage />, roles: STAFF },
  { path: 'posts', element: <ContentListPage kind="post" />, nav: { label: 'Blog posts', icon: Newspaper } },
  { path: 'posts/new', element: <ContentEditPage kind="post" /> },
  { path: 'posts/:id', element: <ContentEditPage kind="post" /> },
  { path: 'pages', element: <ContentListPage kind="page" />, nav: { label: 'Pages', icon: FileText } },
  { path: 'pages/new', element: <ContentEditPage kind="page" /> },
  { path: 'pages/:id', element: <ContentEditPage kind="page" /> },
  { path: 'tax-invoices', element: <TaxInvoicesPage />, nav: { label: 'Tax invoices', icon: ReceiptText } },
  { path: 'vat', element: <VatPage />, nav: { label: 'VAT figures', icon: Landmark } },
  { path: 'newsletter', element: <NewsletterPage />, nav: { label: 'Newsletter', icon: Send } },
  { path: 'data-requests', element: <DataRequestsPage />, nav: { label: 'Data requests', icon: FileLock } },
  { path: 'messages', element: <MessagesPage />, nav: { label: 'Messages', icon: Mail }, roles: STAFF },
  { path: 'delivery', element: <DeliveryPage />, nav: { label: 'Delivery', icon: MapPin } },
  { path: 'shop-details', element: <ShopDetailsPage />, nav: { label: 'Shop details', icon: Store } },
  { path: 'staff', element: <StaffPage />, nav: { label: 'Staff and riders', icon: UserCog } },
  { path: 'audit', element: <AuditPage />, nav: { label: 'Audit log', icon: History } },
  { path: 'go-live', element: <GoLivePage />, nav: { label: 'Go-live check', icon: Rocket } },
];

/** The screens a role sees. */
export const screensFor = (role: BackOfficeRole): readonly AdminScreen[] =>
  ADMIN_SCREENS.filter((s) => (s.roles ? s.roles.includes(role) : role === 'owner'));

/** A screen's address. */
export const adminHref = (path: string) => (path ? `/admin/${path}` : '/admin');

/**
 * Every screen's chunk of a role, asked for once they are in: moving between screens then never waits,
 * and a screen being left is gone at once (a search it was about to send cannot pull the admin back).
 */
export const chunksFor = (role: BackOfficeRole): readonly LazyPage<never>[] => [
  ...new Set(screensFor(role).map((s) => s.element.type as LazyPage<never>)),
];
