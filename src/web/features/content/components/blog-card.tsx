import { Link } from '../../../components/ui/link';
import { relativeTime } from '@/domain/dates';
import { srcSetFor } from '@/web/components/ui/image-sources';
import type { BlogCardDto } from '../api';
import { useContentText } from '../../../i18n/content-text';

const DEFAULT_IMAGE = '/images/blog/blog-default-1200.webp';

/** The blog's grid, with the width its pictures are drawn at (page container: at most 1152 px, gap-6). */
export const BLOG_GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
const IMAGE_SIZES =
  '(min-width: 1152px) 357px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/** priority: the first card's picture is the page's largest (LCP): loaded at once, ahead of the rest. */
export function BlogCard({ post, priority }: { post: BlogCardDto; priority?: boolean }) {
  const t = useContentText();
  const image = post.featuredImage ?? DEFAULT_IMAGE;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <img
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        width={1200}
        height={630}
        sizes={IMAGE_SIZES}
        srcSet={srcSetFor(image)}
        src={image}
        alt=""
        className="aspect-[40/21] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm text-slate-600">
          <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
        </p>
        <h2 className="text-lg font-semibold text-slate-900">{post.title}</h2>
        <p className="text-sm text-slate-600">{post.excerpt}</p>
        <Link
          to={`/blog/${post.slug}`}
          className="mt-auto pt-2 text-sm font-semibold text-brand-700 hover:underline max-sm:flex max-sm:min-h-11 max-sm:items-center max-sm:pt-0"
          aria-label={t('readMoreOf', { title: post.title })}
        >
          {t('readMore')}
        </Link>
      </div>
    </article>
  );
}

export function BlogCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="blog-skeleton">
      <div className="skeleton aspect-[40/21] w-full rounded-none" />
      <div className="space-y-2 p-5">
        <div className="skeleton h-4 w-24" />
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="skeleton h-4 w-20" />
      </div>
    </div>
  );
}
