import { Link } from '../../components/ui/link';
import { PrivacyNoticeLink } from '@/web/components/ui/privacy-notice-link';
import { CustomerServiceLinks } from '../../features/content/components/customer-service-links';
import { NewsletterForm } from '../../features/content/components/newsletter-form';
import { SHOP_NAME } from '../../lib/document-title';
import { socialLinks, telHref } from '@/domain/shop-details';
import { useShopDetails } from '../../features/content/use-shop-details';
import { useBusinessHours } from '../../features/content/use-business-hours';
import { Container } from '../../components/ui/container';
import { formatPhone } from '@/domain/phone';
import { useFooterText } from '../../i18n/footer-text';

export default function Footer() {
  const t = useFooterText();
  const { details, ready } = useShopDetails();
  const businessHours = useBusinessHours();
  return (
    <footer id="site-footer" className="mt-16 bg-brand-800 text-slate-100">
      {/* grid-cols-1, not the implicit auto column: that grows to the newsletter field's own width
          and pushed the page sideways at 320 px. */}
      <Container className="grid grid-cols-1 gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="mb-3 font-semibold text-white">
            {t('quickLinks')}
          </h2>
          <ul className="space-y-2 text-sm max-sm:space-y-0">
            <li>
              <Link className="tap hover:underline" to="/">
                {t('home')}
              </Link>
            </li>
            <li>
              <Link className="tap hover:underline" to="/shop">
                {t('shop')}
              </Link>
            </li>
            <li>
              <Link className="tap hover:underline" to="/blog">
                {t('blog')}
              </Link>
            </li>
            <li>
              <Link className="tap hover:underline" to="/about">
                {t('about')}
              </Link>
            </li>
            <li>
              <Link className="tap hover:underline" to="/contact">
                {t('contact')}
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="mb-3 font-semibold text-white">
            {t('customerService')}
          </h2>
          <CustomerServiceLinks />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-semibold text-white">
            {t('contactUs')}
          </h2>
          <address className={`space-y-1 text-sm max-sm:space-y-0 not-italic ${ready ? '' : 'invisible'}`}>
            <p>{details.address}</p>
            {details.phone && (
              <p>
                <a className="tap hover:underline" href={telHref(details.phone)}>
                  {formatPhone(details.phone)}
                </a>
              </p>
            )}
            <p>
              <a className="tap hover:underline" href={`mailto:${details.email}`}>
                {details.email}
              </a>
            </p>
          </address>
          <h3 className="mt-4 mb-1 text-sm font-semibold text-white">{t('businessHours')}</h3>
          <ul className="space-y-1 text-sm">
            {businessHours.map((h) => (
              <li key={h.days}>
                {h.days}: {h.hours}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className="mb-3 font-semibold text-white">
            {t('newsletter')}
          </h2>
          <NewsletterForm />
          {socialLinks(details).length > 0 && (
            <ul className="mt-4 flex gap-3 text-sm" aria-label={t('socialLinks')}>
              {socialLinks(details).map((s) => (
                <li key={s.label}>
                  <a className="tap hover:underline" href={s.href} rel="noopener noreferrer" target="_blank">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Container>
      <div className="border-t border-white/10 py-4 text-center text-xs text-slate-300">
        <p>
          © {new Date().getFullYear()} {SHOP_NAME}. {t('tagline')}
        </p>
        <PrivacyNoticeLink className="mt-1 text-slate-300" />
      </div>
    </footer>
  );
}
