// The back office's screens, listed once: the admin routes (admin-app.tsx) and the section nav
// (components/admin-nav.tsx) are both built from this table, so a screen's path is written once.
// One lazily loaded chunk per screen, all of it outside the storefront's first download.
import type { JSX } from 'react';
import {
  ClipboardList,
  FileText,
  Gauge,
  History,
  Mail,
  MapPin,
  Newspaper,
  Package,
  ReceiptText,
  Send,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
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

export interface AdminScreen {
  /** The path under /admin ('' is the dashboard). */
  readonly path: string;
  readonly element: JSX.Element;
  /** A section of its own in the nav; screens without one are reached from their section. */
  readonly nav?: { readonly label: string; readonly icon: LucideIcon };
}

/** In the nav's order. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '', element: <DashboardPage />, nav: { label: 'Dashboard', icon: Gauge } },
  { path: 'orders', element: <OrdersPage />, nav: { label: 'Orders', icon: ClipboardList } },
  { path: 'orders/:id', element: <OrderPage /> },
  { path: 'products', element: <ProductsPage />, nav: { label: 'Products', icon: Package } },
  { path: 'products/new', element: <ProductPage /> },
  { path: 'products/:id', element: <ProductPage /> },
  { path: 'customers', element: <CustomersPage />, nav: { label: 'Customers', icon: Users } },
  { path: 'customers/:id', element: <CustomerPage /> },
  { path: 'posts', element: <ContentListPage kind="post" />, nav: { label: 'Blog posts', icon: Newspaper } },
  { path: 'posts/new', element: <ContentEditPage kind="post" /> },
  { path: 'posts/:id', element: <ContentEditPage kind="post" /> },
  { path: 'pages', element: <ContentListPage kind="page" />, nav: { label: 'Pages', icon: FileText } },
  { path: 'pages/new', element: <ContentEditPage kind="page" /> },
  { path: 'pages/:id', element: <ContentEditPage kind="page" /> },
  { path: 'tax-invoices', element: <TaxInvoicesPage />, nav: { label: 'Tax invoices', icon: ReceiptText } },
  { path: 'newsletter', element: <NewsletterPage />, nav: { label: 'Newsletter', icon: Send } },
  { path: 'messages', element: <MessagesPage />, nav: { label: 'Messages', icon: Mail } },
  { path: 'delivery', element: <DeliveryPage />, nav: { label: 'Delivery', icon: MapPin } },
  { path: 'shop-details', element: <ShopDetailsPage />, nav: { label: 'Shop details', icon: Store } },
  { path: 'audit', element: <AuditPage />, nav: { label: 'Audit log', icon: History } },
];

/** A screen's address. */
export const adminHref = (path: string) => (path ? `/admin/${path}` : '/admin');

/**
 * Every screen's chunk, asked for once an admin is in: moving between screens then never waits,
 * and a screen being left is gone at once (a search it was about to send cannot pull the admin back).
 */
export const ADMIN_CHUNKS: readonly LazyPage<never>[] = [...new Set(ADMIN_SCREENS.map((s) => s.element.type as LazyPage<never>))];
