// The app's routes as route objects, built from the route table (src/domain/route-table.ts): the
// browser renders them with useRoutes, the server builds react-router's static handler from them
// (docs/decisions/011-server-rendering.md). The server adds, by route id, what data a public page
// reads before rendering and what goes in its <head> (app/page-handles.ts), so none of that reaches
// the browser's bundle.
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LAYOUT_ROUTE_ID, PAGE_ROUTES, type PageId } from '@/domain/route-table';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { RequireAuth } from '../features/account/components/require-auth';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { RootLayout } from './root-layout';
import { MarkPageLive, RouteBoundary } from './route-error';

// One lazily loaded chunk per route keeps the first download small on a phone.
const Home = lazyPage(() => import('../routes/home'));
const Auth = lazyPage(() => import('../routes/auth'));
const AuthCallback = lazyPage(() => import('../routes/auth-callback'));
const Shop = lazyPage(() => import('../routes/shop'));
const Product = lazyPage(() => import('../routes/product'));
const Cart = lazyPage(() => import('../routes/cart'));
const Blog = lazyPage(() => import('../routes/blog'));
const BlogPost = lazyPage(() => import('../routes/blog-post'));
const About = lazyPage(() => import('../routes/about'));
const Contact = lazyPage(() => import('../routes/contact'));
const ContentPage = lazyPage(() => import('../routes/content-page'));
const Checkout = lazyPage(() => import('../routes/checkout'));
const OrderSuccess = lazyPage(() => import('../routes/order-success'));
const Profile = lazyPage(() => import('../routes/profile'));
const Orders = lazyPage(() => import('../routes/orders'));
const OrderPage = lazyPage(() => import('../routes/order'));
const DeliveryReschedule = lazyPage(() => import('../routes/delivery-reschedule'));
const NotFound = lazyPage(() => import('../routes/not-found'));
const Admin = lazyPage(() => import('../routes/admin'));

/** What each page of the table shows; a page missing here, or an id not in the table, fails the type check. */
const PAGE_ELEMENTS = {
  home: <Home />,
  auth: <Auth />,
  'auth-callback': <AuthCallback />,
  shop: <Shop />,
  product: <Product />,
  cart: <Cart />,
  blog: <Blog />,
  'blog-post': <BlogPost />,
  about: <About />,
  aboutus: <About />,
  contact: <Contact />,
  'content-faq': <ContentPage slug="faq" />,
  'content-shipping': <ContentPage slug="shipping" />,
  'content-returns': <ContentPage slug="returns" />,
  'content-terms': <ContentPage slug="terms" />,
  'content-privacy': <ContentPage slug="privacy" />,
  'content-page': <ContentPage />,
  // Checkout guards itself: a visitor is asked to log in to continue with checkout.
  checkout: <Checkout />,
  'order-success': (
    <RequireAuth>
      <OrderSuccess />
    </RequireAuth>
  ),
  profile: (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  ),
  orders: (
    <RequireAuth>
      <Orders />
    </RequireAuth>
  ),
  order: (
    <RequireAuth>
      <OrderPage />
    </RequireAuth>
  ),
  // The signed link is the key: no sign-in, so a phone-only customer opens it from her SMS.
  'delivery-reschedule': <DeliveryReschedule />,
  'content-slug': <ContentPage />,
  'not-found': <NotFound />,
  admin: <Admin />,
} satisfies Record<PageId, React.ReactElement>;

/** Each route's page chunk, by route id: loaded before a server render and before hydrating. */
const pageChunks = new Map<string, LazyPage<never>>();

/** A page inside the storefront's layout: its path relative to the layout, '/' as the index route. */
function shopPage(id: PageId, path: string): RouteObject {
  const element = PAGE_ELEMENTS[id];
  const chunk = element.type as Partial<LazyPage<never>>;
  if (chunk.preload) pageChunks.set(id, chunk as LazyPage<never>);
  const guarded = (
    <RouteBoundary>
      {element}
      <MarkPageLive />
    </RouteBoundary>
  );
  return path === '/' ? { id, index: true, element: guarded } : { id, path: path.slice(1), element: guarded };
}

/** A page with its own layout: outside RootLayout, so it needs its own Suspense boundary for its lazy chunk. */
function ownLayoutPage(id: PageId, path: string): RouteObject {
  const element = (
    <RouteBoundary>
      <Suspense fallback={<PageSkeleton />}>{PAGE_ELEMENTS[id]}</Suspense>
    </RouteBoundary>
  );
  return { id, path, element };
}

/** Loads the page chunks of the matched routes, so rendering them does not suspend. */
export function preloadPages(routeIds: readonly string[]): Promise<unknown> {
  return Promise.all(routeIds.map((id) => pageChunks.get(id)?.preload()));
}

const ownLayout = (r: (typeof PAGE_ROUTES)[number]) => 'layout' in r && r.layout === 'own';

export const appRoutes: RouteObject[] = [
  ...PAGE_ROUTES.filter(ownLayout).map((r) => ownLayoutPage(r.id, r.path)),
  {
    id: LAYOUT_ROUTE_ID,
    element: <RootLayout />,
    children: PAGE_ROUTES.filter((r) => !ownLayout(r)).map((r) => shopPage(r.id, r.path)),
  },
];
