import { Link } from '../components/ui/link';
import { Container } from '../components/ui/container';
import { buttonClasses } from '../components/ui/button-classes';
import { useDocumentMeta } from '../lib/document-title';
import { usePagesText } from '../i18n/pages-text';

export default function NotFound() {
  const t = usePagesText();
  useDocumentMeta(t('notFoundTitle'));
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFoundTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('notFoundText')}</p>
      <Link to="/" className={buttonClasses('default', 'default', 'mt-6')}>
        {t('goHome')}
      </Link>
    </Container>
  );
}
