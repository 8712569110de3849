// The app's routes as route objects: the browser renders them with useRoutes, the server builds
// react-router's static handler from them (docs/decisions/011-server-rendering.md). Each route has a stable id; the server
// adds, by id, what data a public page reads before rendering and what goes in its <head>
// (app/page-handles.ts), so none of that reaches the browser's bundle.
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { RequireAuth } from '../features/account/components/require-auth';
import { PageSkeleton } from '../components/layout/page-skeleton';
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
const NotFound = lazyPage(() => import('../routes/not-found'));
const Admin = lazyPage(() => import('../routes/admin'));

/** Each route's page chunk, by route id: loaded before a server render and before hydrating. */
const pageChunks = new Map<string, LazyPage<never>>();

function page(id: string, path: string | undefined, element: React.ReactElement): RouteObject {
  const chunk = element.type as Partial<LazyPage<never>>;
  if (chunk.preload) pageChunks.set(id, chunk as LazyPage<never>);
  const guarded = (
    <RouteBoundary>
      {element}
      <MarkPageLive />
    </RouteBoundary>
  );
  return path === undefined ? { id, index: true, element: guarded } : { id, path, element: guarded };
}

/** Loads the page chunks of the matched routes, so rendering them does not suspend. */
export function preloadPages(routeIds: readonly string[]): Promise<unknown> {
  return Promise.all(routeIds.map((id) => pageChunks.get(id)?.preload()));
}

/** The merchant's pages with addresses of their own (the rest are /page/{slug} and /{slug}). */
export const FIXED_CONTENT_PAGES = ['faq', 'shipping', 'returns', 'terms'] as const;

export const appRoutes: RouteObject[] = [
  // Outside RootLayout, so it needs its own Suspense boundary for its lazy chunk.
  {
    id: 'admin',
    path: '/admin/*',
    element: (
      <RouteBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <Admin />
        </Suspense>
      </RouteBoundary>
    ),
  },
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      page('home', undefined, <Home />),
      page('auth', 'auth', <Auth />),
      page('auth-callback', 'auth/callback', <AuthCallback />),
      page('shop', 'shop', <Shop />),
      page('product', 'shop/:slug', <Product />),
      page('cart', 'cart', <Cart />),
      page('blog', 'blog', <Blog />),
      page('blog-post', 'blog/:slug', <BlogPost />),
      page('about', 'about', <About />),
      page('aboutus', 'aboutus', <About />),
      page('contact', 'contact', <Contact />),
      ...FIXED_CONTENT_PAGES.map((slug) => page(`content-${slug}`, slug, <ContentPage slug={slug} />)),
      page('content-page', 'page/:slug', <ContentPage />),
      // Checkout guards itself: a visitor is asked to log in to continue with checkout.
      page('checkout', 'checkout', <Checkout />),
      page('order-success', 'order-success', <RequireAuth><OrderSuccess /></RequireAuth>),
      page('profile', 'profile', <RequireAuth><Profile /></RequireAuth>),
      page('orders', 'orders', <RequireAuth><Orders /></RequireAuth>),
      page('content-slug', ':slug', <ContentPage />),
      page('not-found', '*', <NotFound />),
    ],
  },
];
