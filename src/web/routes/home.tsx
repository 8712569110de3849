import { lazy, Suspense } from 'react';
import { Link } from '../components/ui/link';
import { Container } from '../components/ui/container';
import { buttonClasses } from '../components/ui/button-classes';
import { WhenVisible } from '../components/ui/when-visible';
import { SHOP_NAME, useDocumentMeta } from '../lib/document-title';
import { lazyPage } from '../lib/lazy-page';
import { useHomeText } from '../i18n/home-text';

// Below the fold, in its own chunk: rendered by the server, brought to life once its code is here.
const Testimonials = lazyPage(() => import('../features/content/components/testimonials'), { serverRendered: 'before-hydration' });

// The products below the hero (Buy again, the featured products), rendered by the server and
// hydrated once their chunk is here, after the rest of the page: a tap on Add to Cart meanwhile is
// held by the boot script. One element for every render of the page, so no re-render reaches the
// part before its code does (src/web/lib/lazy-page.ts).
const HomeProducts = lazyPage(() => import('./home-products'), { serverRendered: 'when-loaded' });
const PRODUCTS = (
  <Suspense fallback={null}>
    <HomeProducts />
  </Suspense>
);

// The form (with its validation library) is far below the fold: it loads when scrolled near.
const ContactForm = lazy(() => import('../features/content/components/contact-form'));

const STATS = [
  { value: '10+', label: 'statYears' },
  { value: '1000+', label: 'statCustomers' },
  { value: '100%', label: 'statSustainable' },
  { value: '24/7', label: 'statSupport' },
] as const;

export default function Home() {
  const t = useHomeText();
  useDocumentMeta(null);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-700 py-20 text-white sm:py-28">
        <Container>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">{t('tagline')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">{t('heroTitle')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-50">{t('heroText')}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to="/shop" className={buttonClasses('accent', 'lg')}>
              {t('shopNow')}
            </Link>
            <Link to="/about" className={buttonClasses('onDark', 'lg')}>
              {t('learnMore')}
            </Link>
          </div>
        </Container>
      </section>

      {PRODUCTS}

      <section className="bg-brand-50 py-16" aria-labelledby="home-about">
        <Container className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="home-about" className="text-3xl font-bold text-slate-900">
              {t('aboutTitle', { shop: SHOP_NAME })}
            </h2>
            <p className="mt-4 text-slate-700">{t('aboutText')}</p>
            <Link to="/about" className="tap mt-4 inline-block font-semibold text-brand-700 hover:underline">
              {t('readOurStory')}
            </Link>
          </div>
          <dl className="grid auto-rows-fr grid-cols-2 gap-4">
            {STATS.map((s) => (
              // The figure first (order-first in a column), so the figures line up across a row
              // while a label runs onto a second line on a phone.
              <div key={s.label} className="flex flex-col rounded-xl bg-white p-6 text-center shadow-sm max-sm:px-3 max-sm:py-4">
                <dt className="text-sm text-slate-600">{t(s.label)}</dt>
                <dd className="order-first text-3xl font-bold text-brand-700">{s.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <div className="bg-slate-50 py-16">
        <Container>
          <Suspense fallback={null}>
            <Testimonials />
          </Suspense>
        </Container>
      </div>

      <Container className="py-16">
        <section className="mx-auto max-w-3xl" aria-labelledby="home-contact">
          <h2 id="home-contact" className="text-center text-3xl font-bold text-slate-900">
            {t('contactTitle')}
          </h2>
          <p className="mb-8 mt-2 text-center text-slate-600">{t('contactText')}</p>
          <WhenVisible minHeight={520}>
            <Suspense fallback={null}>
              <ContactForm idPrefix="home-contact" />
            </Suspense>
          </WhenVisible>
        </section>
      </Container>
    </>
  );
}
