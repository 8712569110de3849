import { Link } from 'react-router';
import { Container } from '../components/ui/container';
import { buttonClasses } from '../components/ui/button';
import { useDocumentMeta } from '../lib/document-title';

export default function NotFound() {
  useDocumentMeta('Page Not Found');
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses('default', 'default', 'mt-6')}>
        Go back home
      </Link>
    </Container>
  );
}
