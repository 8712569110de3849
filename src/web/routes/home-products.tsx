// The home page's products: the customer's last order ('Buy again', signed in) and the featured
// products. Below the hero, in a chunk of its own that the browser hydrates once it is here, after
// the rest of the page (home.tsx): the first download does not carry the product cards.
import { useQuery } from '@tanstack/react-query';
import { Container } from '../components/ui/container';
import { LoadError } from '../components/ui/load-error';
import { Link } from '../components/ui/link';
import { featuredProductsQuery } from '../features/catalog/api';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { BuyAgainStrip } from '../features/orders/components/buy-again-strip';
import { useHomeText } from '../i18n/home-text';

export default function HomeProducts() {
  return (
    <>
      <BuyAgainStrip band />
      <FeaturedProducts />
    </>
  );
}

function FeaturedProducts() {
  const t = useHomeText();
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
