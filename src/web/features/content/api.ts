// The content API as the browser calls it (types come from the server, code does not).
import { queryOptions } from '@tanstack/react-query';
import type { BlogPageDto, BlogPostDto, PageDto, PageLinkDto } from '../../../server/features/content/content.service';
import { ApiError, apiFetch } from '../../lib/api';

export type { BlogPageDto, BlogPostDto, PageDto, PageLinkDto };

/** Six cards per page: the same count as the loading skeletons (SPEC §9). */
export const BLOG_PAGE_SIZE = 6;

/** A 4xx answer will not change by asking again; a 5xx or a dropped connection might. */
function retryServerErrors(failures: number, error: unknown): boolean {
  return failures < 1 && !(error instanceof ApiError && error.status < 500);
}

export const publishedPagesQuery = queryOptions({
  queryKey: ['content', 'pages'],
  queryFn: () => apiFetch<{ pages: PageLinkDto[] }>('/api/content/pages'),
  staleTime: 5 * 60_000,
});

export function pageQuery(slug: string) {
  return queryOptions({
    queryKey: ['content', 'page', slug],
    queryFn: () => apiFetch<{ page: PageDto }>(`/api/content/pages/${encodeURIComponent(slug)}`),
    retry: retryServerErrors,
  });
}

/** The 1-based page of /blog?page=2; anything else is the first page. */
export function blogPageFrom(params: URLSearchParams): number {
  const n = Number(params.get('page') ?? '1');
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** page is 1-based, as in the /blog?page=2 address. */
export function blogPageQuery(page: number) {
  return queryOptions({
    queryKey: ['content', 'posts', page],
    queryFn: () => apiFetch<BlogPageDto>(`/api/content/posts?limit=${BLOG_PAGE_SIZE}&offset=${(page - 1) * BLOG_PAGE_SIZE}`),
  });
}

export function blogPostQuery(slug: string) {
  return queryOptions({
    queryKey: ['content', 'post', slug],
    queryFn: () => apiFetch<{ post: BlogPostDto }>(`/api/content/posts/${encodeURIComponent(slug)}`),
    retry: retryServerErrors,
  });
}

export function subscribe(email: string) {
  return apiFetch<{ message: string }>('/api/content/newsletter', { method: 'POST', json: { email } });
}

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function sendContactMessage(input: ContactMessageInput) {
  return apiFetch<{ id: string; message: string }>('/api/content/contact', { method: 'POST', json: input });
}
