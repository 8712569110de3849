// The home page below its hero: the customer's last order ('Buy again', signed in), the featured
// products, the shop's story, testimonials and the contact form. A chunk of its own that the
// browser hydrates once it is here, after the hero and the header (home.tsx): the first download
// does not carry the product cards.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Container } from '../components/ui/container';
import { LoadError } from '../components/ui/load-error';
import { Link } from '../components/ui/link';
import { WhenVisible } from '../components/ui/when-visible';
import { featuredProductsQuery } from '../features/catalog/api';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { BuyAgainStrip } from '../features/orders/components/buy-again-strip';
import { SHOP_NAME } from '../lib/document-title';
import { lazyPage } from '../lib/lazy-page';
import { useHomeBelowHeroText } from '../i18n/home-below-hero-text';

// In a chunk of its own too, hydrated once here; one element, like this part's in home.tsx.
const Testimonials = lazyPage(() => import('../features/content/components/testimonials'), { serverRendered: 'when-loaded' });
const TESTIMONIALS = (
  <Suspense fallback={null}>
    <Testimonials />
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

export default function HomeBelowTheHero() {
  const t = useHomeBelowHeroText();
  return (
    <>
      <BuyAgainStrip band />
      <FeaturedProducts />

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
        <Container>{TESTIMONIALS}</Container>
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

function FeaturedProducts() {
  const t = useHomeBelowHeroText();
  const featured = useQuery(featuredProductsQuery);
  const products = featured.data?.products;
  return (
    <Container className="py-16">
      <section aria-labelledby="home-featured">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="home-featured" className="text-3xl font-bold text-slate-900">
            {t('featuredTitle')}
          </h2>
          <Link to="/shop" className="tap font-semibold text-brand-700 hover:underline">
            {t('viewAll')}
          </Link>
        </div>
        {featured.isError ? (
          <LoadError message={t('loadError')} onRetry={() => featured.refetch()} />
        ) : products && products.length === 0 ? (
          <p className="text-slate-600">{t('noProducts')}</p>
        ) : (
          <ProductGrid layout="featured" products={products} loadingLabel={t('loadingFeatured')} headingLevel={3} />
        )}
      </section>
    </Container>
  );
}
