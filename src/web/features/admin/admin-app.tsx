// The back office at /admin/*: its own layout (no storefront header or footer) and one lazily
// loaded chunk per screen, all of it outside the storefront's first download.
import { useEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/layout/page-skeleton';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentMeta } from '../../lib/document-title';
import { lazyPage } from '../../lib/lazy-page';
import { useSession } from '../account/use-session';
import { AdminLayout } from './components/admin-layout';
import { PageHeader } from './components/page-header';

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
const AuditPage = lazyPage(() => import('./pages/audit-page'));

/**
 * Every screen's chunk is asked for once an admin is in: moving between screens then never waits,
 * and a screen being left is gone at once (a search it was about to send cannot pull the admin back).
 */
const ADMIN_PAGES = [DashboardPage, ProductsPage, ProductPage, OrdersPage, OrderPage, CustomersPage, CustomerPage, ContentListPage, ContentEditPage, NewsletterPage, MessagesPage, DeliveryPage, ShopDetailsPage, AuditPage];

function NoAccess() {
  useDocumentMeta('Back office');
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">You do not have access to the back office</h1>
      <p className="mt-3 text-slate-700">The back office is for the shop's administrators. If you should have access, ask an administrator to make your account an admin.</p>
      <Link to="/" className={buttonClasses('default', 'default', 'mt-6')}>
        Back to the shop
      </Link>
    </main>
  );
}

function AdminNotFound() {
  return (
    <PageHeader
      title="Page Not Found"
      description={
        <Link to="/admin" className="font-semibold text-brand-700 hover:underline">
          Back to the dashboard
        </Link>
      }
    />
  );
}

export function AdminApp() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!data?.user) return <Navigate to="/auth" replace state={{ from: location }} />;
  if (data.profile?.role !== 'admin') return <NoAccess />;
  return <AdminRoutes email={data.user.email} />;
}

function AdminRoutes({ email }: { email: string }) {
  useEffect(() => {
    for (const page of ADMIN_PAGES) page.preload().catch(() => undefined);
  }, []);
  return (
    <Routes>
      <Route element={<AdminLayout email={email} />}>
        <Route index element={<DashboardPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="products/new" element={<ProductPage />} />
        <Route path="products/:id" element={<ProductPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:id" element={<CustomerPage />} />
        <Route path="posts" element={<ContentListPage kind="post" />} />
        <Route path="posts/new" element={<ContentEditPage kind="post" />} />
        <Route path="posts/:id" element={<ContentEditPage kind="post" />} />
        <Route path="pages" element={<ContentListPage kind="page" />} />
        <Route path="pages/new" element={<ContentEditPage kind="page" />} />
        <Route path="pages/:id" element={<ContentEditPage kind="page" />} />
        <Route path="newsletter" element={<NewsletterPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="delivery" element={<DeliveryPage />} />
        <Route path="shop-details" element={<ShopDetailsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
