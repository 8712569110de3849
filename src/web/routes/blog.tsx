import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Container } from '../components/ui/container';
import { PageHero } from '../components/ui/page-hero';
import { LoadError } from '../components/ui/load-error';
import { BLOG_PAGE_SIZE } from '../../domain/blog-paging';
import { blogPageFrom, blogPageQuery } from '../features/content/api';
import { BLOG_GRID, BlogCard, BlogCardSkeleton } from '../features/content/components/blog-card';
import { useDocumentMeta } from '../lib/document-title';

export default function Blog() {
  useDocumentMeta('Our Blog', 'Recipes, farming stories and tips on fresh fish and chicken from Lake Victoria Aquaculture.');
  const [params] = useSearchParams();
  const page = blogPageFrom(params);
  const posts = useQuery({ ...blogPageQuery(page), placeholderData: keepPreviousData });
  const data = posts.data;

  return (
    <>
      <PageHero title="Our Blog" subtitle="Stories from the lake and the farm, recipes and tips for fresh food at home." />
      <Container className="py-10">
        {posts.isError && !data ? (
          <LoadError message="Failed to load blog posts. Please try again later." onRetry={() => posts.refetch()} />
        ) : !data ? (
          <div className={BLOG_GRID} aria-busy="true" aria-label="Loading blog posts">
            {Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => (
              <BlogCardSkeleton key={i} />
            ))}
          </div>
        ) : data.posts.length === 0 ? (
          <div className="py-16 text-center">
            <h2 className="text-2xl font-semibold">{page === 1 ? 'No Blog Posts Yet' : 'No posts on this page'}</h2>
            {page === 1 ? (
              <p className="mt-2 text-slate-600">Check back soon for recipes and news from the lake.</p>
            ) : (
              <Link className="tap mt-2 inline-block font-semibold text-brand-700 hover:underline" to="/blog">
                See the latest posts
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
              <nav aria-label="Blog pages" className="mt-10 flex items-center justify-between gap-4">
                {page > 1 ? (
                  <Link className="tap font-semibold text-brand-700 hover:underline" to={page === 2 ? '/blog' : `/blog?page=${page - 1}`}>
                    ← Newer posts
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-sm text-slate-600">Page {page}</span>
                {data.nextOffset !== null ? (
                  <Link className="tap font-semibold text-brand-700 hover:underline" to={`/blog?page=${page + 1}`}>
                    Older posts →
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
