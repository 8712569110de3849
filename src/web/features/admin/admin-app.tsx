// The back office at /admin/*: its own layout (no storefront header or footer) and one lazily
// loaded chunk per screen, all of it outside the storefront's first download.
import { lazy } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/layout/page-skeleton';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentMeta } from '../../lib/document-title';
import { useSession } from '../account/use-session';
import { AdminLayout } from './components/admin-layout';
import { PageHeader } from './components/page-header';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const ProductsPage = lazy(() => import('./pages/products-page'));
const ProductPage = lazy(() => import('./pages/product-page'));
const OrdersPage = lazy(() => import('./pages/orders-page'));
const OrderPage = lazy(() => import('./pages/order-page'));
const CustomersPage = lazy(() => import('./pages/customers-page'));
const CustomerPage = lazy(() => import('./pages/customer-page'));
const ContentListPage = lazy(() => import('./pages/content-list-page'));
const ContentEditPage = lazy(() => import('./pages/content-edit-page'));
const NewsletterPage = lazy(() => import('./pages/newsletter-page'));
const MessagesPage = lazy(() => import('./pages/messages-page'));
const DeliveryPage = lazy(() => import('./pages/delivery-page'));
const ShopDetailsPage = lazy(() => import('./pages/shop-details-page'));
const AuditPage = lazy(() => import('./pages/audit-page'));

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
  return (
    <Routes>
      <Route element={<AdminLayout email={data.user.email} />}>
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
