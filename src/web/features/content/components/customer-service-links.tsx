import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/ui/link';
import { publishedPagesQuery } from '../api';
import { useFooterText } from '@/web/i18n/footer-text';

/** The footer's Customer Service links: published pages by title, each at /{slug}. */
export function CustomerServiceLinks() {
  const t = useFooterText();
  const { data, isPending, isError, isFetching, refetch } = useQuery(publishedPagesQuery);
  if (isPending) {
    return (
      <ul className="space-y-2 max-sm:space-y-0" aria-busy="true" aria-label={t('loadingPages')}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="h-5 w-32 animate-pulse rounded bg-white/10 max-sm:my-3" />
        ))}
      </ul>
    );
  }
  // A failed load is not the same as no pages: say so, and let the visitor ask again.
  if (isError && !data) {
    return (
      <p className="text-sm text-slate-300">
        {t('pagesNotLoaded')}{' '}
        <button
          type="button"
          className="tap font-semibold text-white underline disabled:opacity-60"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {t('tryAgain')}
        </button>
      </p>
    );
  }
  const pages = data?.pages ?? [];
  if (pages.length === 0) return <p className="text-sm text-slate-300">{t('noPages')}</p>;
  return (
    <ul className="space-y-2 text-sm max-sm:space-y-0">
      {pages.map((p) => (
        <li key={p.slug}>
          <Link className="tap hover:underline" to={`/${p.slug}`}>
            {p.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
