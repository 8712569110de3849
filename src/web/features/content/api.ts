// The content API as the browser calls it: paths and answer types come from the server's routes.
import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { BLOG_PAGE_SIZE, blogOffset, blogPageNumber } from '@/domain/blog-paging';
import { ApiError } from '../../lib/api';
import type { api } from '../../lib/api-client';
import { viaApi } from '../../lib/lazy-api';

/** One card of /blog, as GET /api/content/posts answers it. */
export type BlogCardDto = InferResponseType<typeof api.content.posts.$get, 200>['posts'][number];
export type ContactMessageInput = InferRequestType<typeof api.content.contact.$post>['json'];

/** A 4xx answer will not change by asking again; a 5xx or a dropped connection might. */
function retryServerErrors(failures: number, error: unknown): boolean {
  return failures < 1 && !(error instanceof ApiError && error.status < 500);
}

export const publishedPagesQuery = queryOptions({
  queryKey: ['content', 'pages'],
  queryFn: () => viaApi((api) => api.content.pages.$get()),
  staleTime: 5 * 60_000,
});

export function pageQuery(slug: string) {
  return queryOptions({
    queryKey: ['content', 'page', slug],
    queryFn: () => viaApi((api) => api.content.pages[':slug'].$get({ param: { slug: encodeURIComponent(slug) } })),
    retry: retryServerErrors,
  });
}

/** The 1-based page of /blog?page=2 (blogPageNumber has the rules). */
export const blogPageFrom = (params: URLSearchParams): number => blogPageNumber(params.get('page'));

/** page is 1-based, as in the /blog?page=2 address. */
export function blogPageQuery(page: number) {
  return queryOptions({
    queryKey: ['content', 'posts', page],
    queryFn: () => viaApi((api) => api.content.posts.$get({ query: { limit: String(BLOG_PAGE_SIZE), offset: String(blogOffset(page)) } })),
  });
}

export function blogPostQuery(slug: string) {
  return queryOptions({
    queryKey: ['content', 'post', slug],
    queryFn: () => viaApi((api) => api.content.posts[':slug'].$get({ param: { slug: encodeURIComponent(slug) } })),
    retry: retryServerErrors,
  });
}

export function subscribe(email: string) {
  return viaApi((api) => api.content.newsletter.$post({ json: { email } }));
}

export function sendContactMessage(input: ContactMessageInput) {
  return viaApi((api) => api.content.contact.$post({ json: input }));
}
