import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { Link } from '../components/ui/link';
import { formatDate } from '../../domain/dates';
import { paragraphs } from '../../domain/text';
import { Container } from '../components/ui/container';
import { Skeleton } from '../components/ui/skeleton';
import { srcSetFor } from '../components/ui/image-sources';
import { blogPostQuery } from '../features/content/api';
import { ShareButton } from '../features/content/components/share-button';
import { ApiError } from '../lib/api';
import { useDocumentMeta } from '../lib/document-title';
import { useHydrated } from '../lib/use-hydrated';
import { useContentText } from '../i18n/content-text';

function BackToBlog() {
  const t = useContentText();
  return (
    <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline max-sm:min-h-11">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('backToBlog')}
    </Link>
  );
}

export default function BlogPost() {
  const t = useContentText();
  const { slug = '' } = useParams();
  // A not-found answer from the server stays one while hydrating (instead of asking again at once).
  const { data, error, isPending } = useQuery({ ...blogPostQuery(slug), retryOnMount: useHydrated() });
  const post = data?.post;
  const notFound = error instanceof ApiError && error.status === 404;
  useDocumentMeta(post?.title ?? (error ? (notFound ? t('postNotFound') : t('blog')) : null), post?.metaDescription);

  if (isPending) {
    return (
      <Container className="py-10">
        <div className="max-w-3xl space-y-4" aria-busy="true" aria-label={t('loadingPost')}>
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="aspect-[40/21] w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </Container>
    );
  }

  if (!post) {
    return (
      <Container className="py-24 text-center">
        <h1 className="text-2xl font-bold">{notFound ? t('postNotFound') : t('somethingWrong')}</h1>
        <p className="mt-2 text-slate-600">{notFound ? t('postGone') : t('postLoadError')}</p>
        <div className="mt-6">
          <BackToBlog />
        </div>
      </Container>
    );
  }

  return (
    <Container className="py-10">
      <article className="max-w-3xl">
        <BackToBlog />
        <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">{post.title}</h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-600">
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </p>
          <ShareButton title={post.title} />
        </div>
        {post.featuredImage && (
          // Above the fold on every screen and the page's largest picture (LCP): fetched first.
          <img
            fetchPriority="high"
            width={1200}
            height={630}
            sizes="(min-width: 800px) 768px, calc(100vw - 32px)"
            srcSet={srcSetFor(post.featuredImage)}
            src={post.featuredImage}
            alt=""
            className="mt-6 aspect-[40/21] w-full rounded-lg bg-slate-100 object-cover"
          />
        )}
        <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800" data-testid="post-body">
          {paragraphs(post.content).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </article>
    </Container>
  );
}
