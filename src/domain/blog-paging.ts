// The blog list's pages, as the /blog?page=N address names them and the posts API serves them.

/** Six cards per page: the same count as the loading skeletons. */
export const BLOG_PAGE_SIZE = 6;

/** The furthest the posts API reads into the list; a deeper page is past the end anyway. */
export const MAX_BLOG_OFFSET = 100_000;

/** The last page number whose offset the API accepts. */
export const LAST_BLOG_PAGE = Math.floor(MAX_BLOG_OFFSET / BLOG_PAGE_SIZE) + 1;

/**
 * The 1-based page of /blog?page=2. Anything that is not a whole number of 1 or more is the first
 * page; a number beyond LAST_BLOG_PAGE is read as LAST_BLOG_PAGE, which shows the past-the-end view
 * instead of an error that asking again cannot fix.
 */
export function blogPageNumber(raw: string | null): number {
  const n = Number(raw ?? '1');
  if (!Number.isSafeInteger(n) || n < 1) return 1;
  return Math.min(n, LAST_BLOG_PAGE);
}

export const blogOffset = (page: number): number => (page - 1) * BLOG_PAGE_SIZE;
