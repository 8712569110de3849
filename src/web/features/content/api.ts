// The content API as the browser calls it (types come from the server, code does not).
import { queryOptions } from '@tanstack/react-query';
import type { BlogPageDto, BlogPostDto, PageDto, PageLinkDto } from '@/server/features/content/content.service';
import { BLOG_PAGE_SIZE, blogOffset, blogPageNumber } from '@/domain/blog-paging';
import { ApiError, apiFetch } from '../../lib/api';

export type { BlogPageDto, BlogPostDto, PageDto, PageLinkDto };

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

/** The 1-based page of /blog?page=2 (blogPageNumber has the rules). */
export const blogPageFrom = (params: URLSearchParams): number => blogPageNumber(params.get('page'));

/** page is 1-based, as in the /blog?page=2 address. */
export function blogPageQuery(page: number) {
  return queryOptions({
    queryKey: ['content', 'posts', page],
    queryFn: () => apiFetch<BlogPageDto>(`/api/content/posts?limit=${BLOG_PAGE_SIZE}&offset=${blogOffset(page)}`),
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
