import { describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, LAST_BLOG_PAGE, MAX_BLOG_OFFSET, blogOffset, blogPageNumber } from './blog-paging';

describe('blog paging', () => {
  it.each([
    [null, 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['two', 1],
    ['', 1],
    ['1e400', 1],
  ])('reads page=%s as page %i', (raw, page) => {
    expect(blogPageNumber(raw)).toBe(page);
  });

  it('reads a page far past the end as the last page the API serves', () => {
    expect(blogPageNumber('16668')).toBe(LAST_BLOG_PAGE);
    expect(blogPageNumber('999999999')).toBe(LAST_BLOG_PAGE);
    expect(blogOffset(LAST_BLOG_PAGE)).toBeLessThanOrEqual(MAX_BLOG_OFFSET);
    expect(blogOffset(LAST_BLOG_PAGE + 1)).toBeGreaterThan(MAX_BLOG_OFFSET);
  });

  it('starts page N after N - 1 full pages', () => {
    expect(blogOffset(1)).toBe(0);
    expect(blogOffset(3)).toBe(2 * BLOG_PAGE_SIZE);
  });
});
