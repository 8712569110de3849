import { Suspense } from 'react';
import { Link } from '../components/ui/link';
import { Container } from '../components/ui/container';
import { buttonClasses } from '../components/ui/button-classes';
import { useDocumentMeta } from '../lib/document-title';
import { lazyPage } from '../lib/lazy-page';
import { useHomeText } from '../i18n/home-text';

// Everything below the hero (Buy again, the featured products, the shop's story, testimonials and
// the contact form) is rendered by the server and hydrated once its own chunk is here, after the
// hero and the header: the first screen is live without it, and a tap on Add to Cart meanwhile is
// held by the boot script. One element for every render of the page, so no re-render reaches the
// part before its code does (src/web/lib/lazy-page.ts).
const BelowTheHero = lazyPage(() => import('./home-below-hero'), { serverRendered: 'when-loaded' });
const BELOW_THE_HERO = (
  <Suspense fallback={null}>
    <BelowTheHero />
  </Suspense>
);

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

      {BELOW_THE_HERO}
    </>
  );
}
