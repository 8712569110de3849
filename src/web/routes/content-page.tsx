import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { Link } from '../components/ui/link';
import { Breadcrumb } from '../components/ui/breadcrumb';
import { Container } from '../components/ui/container';
import { Skeleton } from '../components/ui/skeleton';
import { pageQuery } from '../features/content/api';
import { boxTablesInHtml } from '../features/content/page-tables';
import { purifyPageHtml } from '../features/content/purify-page-html';
import { useHydrated } from '../lib/use-hydrated';
import { ApiError } from '../lib/api';
import { useDocumentMeta } from '../lib/document-title';
import { useContentText } from '../i18n/content-text';

// Every failure is shown in a 'Page Not Found' alert with its reason: one of ours (a catalogue
// key), or the server's own message.
type Reason = { key: 'noSlug' | 'loadFailed' | 'unexpected' | 'pageGone' } | { text: string };

function reasonFor(error: unknown): Reason {
  if (!(error instanceof ApiError)) return { key: 'unexpected' };
  if (error.status >= 500) return { key: 'loadFailed' };
  return error.message ? { text: error.message } : { key: 'pageGone' };
}

// Styles for the merchant's HTML (h2, h3, p, lists, links, tables), without a typography plugin.
// break-words: a long word (an email address) wraps instead of widening a 320 px page; a wide
// table scrolls in its own box (src/web/features/content/page-tables.ts).
const PROSE =
  'space-y-4 break-words text-slate-800 leading-relaxed [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline ' +
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold ' +
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:w-full [&_table]:text-left ' +
  '[&_th]:border-b [&_th]:border-slate-300 [&_th]:p-2 [&_td]:border-b [&_td]:border-slate-200 [&_td]:p-2 [&_img]:h-auto [&_img]:max-w-full';

/** /faq, /shipping, /returns, /terms, /privacy, /page/{slug} and /{slug}: a page written by the merchant. */
export default function ContentPage({ slug: fixed }: { slug?: string }) {
  const t = useContentText();
  const params = useParams();
  const { pathname } = useLocation();
  // '/page/' with nothing after it is matched by the catch-all /{slug} as 'page': it is /page/{slug}
  // without a slug, not a page called 'page'.
  const slug = (fixed ?? (/^\/page\/+$/.test(pathname) ? '' : params.slug) ?? '').trim();
  const hydrated = useHydrated();
  // A not-found answer from the server stays one while hydrating (instead of asking again at once).
  const query = useQuery({ ...pageQuery(slug), enabled: slug !== '', retryOnMount: hydrated });
  const page = query.data?.page;
  // DOMPurify needs a DOM, so the server renders the HTML its own sanitiser gave (sanitize-html with
  // the same policy, when the page was stored and again when it was read): running that sanitiser
  // here would only repeat it and put it in the web bundle. The hydrating render must match the
  // server's, so DOMPurify's pass replaces it once hydrated.
  const html = useMemo(() => (page ? (hydrated ? purifyPageHtml : boxTablesInHtml)(page.content) : ''), [page, hydrated]);
  const reason: Reason | null = slug === '' ? { key: 'noSlug' } : query.isError ? reasonFor(query.error) : null;
  useDocumentMeta(page?.title ?? (reason ? t('pageNotFound') : null), page?.metaDescription);

  return (
    <Container className="py-10">
      <div className="max-w-3xl">
        <Breadcrumb
          trail={[{ to: '/', label: t('breadcrumbHome') }]}
          current={page?.title ?? (reason ? t('pageNotFound') : <Skeleton className="inline-block h-4 w-32 align-middle" />)}
        />
        {reason ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
            <h1 className="text-2xl font-bold">{t('pageNotFound')}</h1>
            <p className="mt-2">{'key' in reason ? t(reason.key) : reason.text}</p>
            <Link to="/" className="mt-4 inline-block font-semibold text-red-900 underline">
              {t('goHome')}
            </Link>
          </div>
        ) : page ? (
          <article>
            <h1 className="mb-6 text-3xl font-bold text-slate-900 sm:text-4xl">{page.title}</h1>
            {/* Sanitised by the server when stored and sent, and by purifyPageHtml once hydrated. */}
            <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} data-testid="page-content" />
          </article>
        ) : (
          <div aria-busy="true" aria-label={t('loadingPage')} className="space-y-4">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-full" />
          </div>
        )}
      </div>
    </Container>
  );
}
