import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../features/account/components/require-auth';
import { PageSkeleton } from '../components/layout/page-skeleton';
import { RootLayout } from './root-layout';

// One lazily loaded chunk per route keeps the first download small on a phone.
const Home = lazy(() => import('../routes/home'));
const Auth = lazy(() => import('../routes/auth'));
const AuthCallback = lazy(() => import('../routes/auth-callback'));
const Shop = lazy(() => import('../routes/shop'));
const Cart = lazy(() => import('../routes/cart'));
const Blog = lazy(() => import('../routes/blog'));
const BlogPost = lazy(() => import('../routes/blog-post'));
const About = lazy(() => import('../routes/about'));
const Contact = lazy(() => import('../routes/contact'));
const ContentPage = lazy(() => import('../routes/content-page'));
const Checkout = lazy(() => import('../routes/checkout'));
const OrderSuccess = lazy(() => import('../routes/order-success'));
const Profile = lazy(() => import('../routes/profile'));
const Orders = lazy(() => import('../routes/orders'));
const NotFound = lazy(() => import('../routes/not-found'));
const Admin = lazy(() => import('../routes/admin'));

export function AppRoutes() {
  return (
    <Routes>
      {/* Outside RootLayout, so it needs its own Suspense boundary for its lazy chunk. */}
      <Route path="/admin/*" element={<Suspense fallback={<PageSkeleton />}><Admin /></Suspense>} />
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route path="auth" element={<Auth />} />
        <Route path="auth/callback" element={<AuthCallback />} />
        <Route path="shop" element={<Shop />} />
        <Route path="cart" element={<Cart />} />
        <Route path="blog" element={<Blog />} />
        <Route path="blog/:slug" element={<BlogPost />} />
        <Route path="about" element={<About />} />
        <Route path="aboutus" element={<About />} />
        <Route path="contact" element={<Contact />} />
        <Route path="faq" element={<ContentPage slug="faq" />} />
        <Route path="shipping" element={<ContentPage slug="shipping" />} />
        <Route path="returns" element={<ContentPage slug="returns" />} />
        <Route path="terms" element={<ContentPage slug="terms" />} />
        <Route path="page/:slug" element={<ContentPage />} />
        {/* Checkout guards itself: a visitor gets SPEC §5 'Please log in to continue with checkout.' */}
        <Route path="checkout" element={<Checkout />} />
        <Route path="order-success" element={<RequireAuth><OrderSuccess /></RequireAuth>} />
        <Route path="profile" element={<RequireAuth><Profile /></RequireAuth>} />
        <Route path="orders" element={<RequireAuth><Orders /></RequireAuth>} />
        <Route path=":slug" element={<ContentPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
