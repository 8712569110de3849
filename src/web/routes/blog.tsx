import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../components/ui/link';
import { Container } from '../components/ui/container';
import { PageHero } from '../components/ui/page-hero';
import { LoadError } from '../components/ui/load-error';
import { BLOG_PAGE_SIZE } from '../../domain/blog-paging';
import { blogPageFrom, blogPageQuery } from '../features/content/api';
import { BLOG_GRID, BlogCard, BlogCardSkeleton } from '../features/content/components/blog-card';
import { useDocumentMeta } from '../lib/document-title';
import { useContentText } from '../i18n/content-text';

export default function Blog() {
  const t = useContentText();
  useDocumentMeta(t('blogTitle'), t('blogDescription'));
  const [params] = useSearchParams();
  const page = blogPageFrom(params);
  const posts = useQuery({ ...blogPageQuery(page), placeholderData: keepPreviousData });
  const data = posts.data;

  return (
    <>
      <PageHero title={t('blogTitle')} subtitle={t('blogSubtitle')} />
      <Container className="py-10">
        {posts.isError && !data ? (
          <LoadError message={t('blogLoadError')} onRetry={() => posts.refetch()} />
        ) : !data ? (
          <div className={BLOG_GRID} aria-busy="true" aria-label={t('loadingPosts')}>
            {Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => (
              <BlogCardSkeleton key={i} />
            ))}
          </div>
        ) : data.posts.length === 0 ? (
          <div className="py-16 text-center">
            <h2 className="text-2xl font-semibold">{page === 1 ? t('noPostsYet') : t('noPostsOnPage')}</h2>
            {page === 1 ? (
              <p className="mt-2 text-slate-600">{t('checkBackSoon')}</p>
            ) : (
              <Link className="tap mt-2 inline-block font-semibold text-brand-700 hover:underline" to="/blog">
                {t('seeLatest')}
              </Link>
            )}
          </div>
        ) : (
          <>
            <div className={BLOG_GRID} aria-busy={posts.isFetching}>
              {data.posts.map((post, i) => (
                <BlogCard key={post.id} post={post} priority={i === 0} />
              ))}
            </div>
            {/* One page of posts needs no paging. */}
            {(page > 1 || data.nextOffset !== null) && (
              <nav aria-label={t('blogPages')} className="mt-10 flex items-center justify-between gap-4">
                {page > 1 ? (
                  <Link className="tap font-semibold text-brand-700 hover:underline" to={page === 2 ? '/blog' : `/blog?page=${page - 1}`}>
                    {t('newerPosts')}
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-sm text-slate-600">{t('pageNumber', { page })}</span>
                {data.nextOffset !== null ? (
                  <Link className="tap font-semibold text-brand-700 hover:underline" to={`/blog?page=${page + 1}`}>
                    {t('olderPosts')}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            )}
          </>
        )}
      </Container>
    </>
  );
}
