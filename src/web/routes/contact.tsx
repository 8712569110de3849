import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { telHref } from '../../domain/shop-details';
import { useBusinessHours } from '../features/content/use-business-hours';
import { Container } from '../components/ui/container';
import { PageHero } from '../components/ui/page-hero';
import ContactForm from '../features/content/components/contact-form';
import { useShopDetails } from '../features/content/use-shop-details';
import { useDocumentMeta } from '../lib/document-title';
import { formatPhone } from '../../domain/phone';
import { useContentText } from '../i18n/content-text';

export default function Contact() {
  const t = useContentText();
  useDocumentMeta(t('contactTitle'), t('contactDescription'));
  return (
    <>
      <PageHero title={t('contactTitle')} subtitle={t('contactSubtitle')} />
      <Container className="grid gap-10 py-14 lg:grid-cols-3">
        <section aria-labelledby="contact-details" className="space-y-6">
          <h2 id="contact-details" className="text-2xl font-bold text-slate-900">
            {t('ourDetails')}
          </h2>
          <ContactDetails />
        </section>
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="mb-4 text-2xl font-bold text-slate-900">
            {t('sendUsMessage')}
          </h2>
          <ContactForm />
        </section>
      </Container>
    </>
  );
}

function ContactDetails() {
  const t = useContentText();
  const businessHours = useBusinessHours();
  const { details, ready } = useShopDetails();
  return (
    <>
      <address className={`space-y-4 not-italic text-slate-700 ${ready ? '' : 'invisible'}`}>
        <p className="flex gap-3">
          <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
          {details.address}
        </p>
        {details.phone && (
          <p className="flex gap-3">
            <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
            <a className="tap hover:underline" href={telHref(details.phone)}>
              {formatPhone(details.phone)}
            </a>
          </p>
        )}
        <p className="flex gap-3">
          <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
          <a className="tap break-all hover:underline" href={`mailto:${details.email}`}>
            {details.email}
          </a>
        </p>
      </address>
      <div>
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" />
          {t('businessHours')}
        </h3>
        <ul className="mt-2 space-y-1 text-slate-700">
          {businessHours.map((h) => (
            <li key={h.days}>
              {h.days}: {h.hours}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
