// /blog's loading error, one page of posts and no posts, with the API faked (moved from the browser journeys).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogCardDto } from '../features/content/api';
import { axeViolations } from '../test-support/axe';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import Blog from './blog';

const POSTS = 'GET /api/content/posts';
const post = (n: number): BlogCardDto => ({
  id: `post-${n}`,
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `What post ${n} is about...`,
  featuredImage: null,
  createdAt: new Date(Date.now() - n * 86_400_000).toISOString(),
});

describe('/blog', () => {
  it('shows the error with Try Again, which loads the posts once the API answers', async () => {
    const api = fakeApi();
    api.on(POSTS, apiError(500, 'boom'));
    const { user } = renderPage(<Blog />, { path: '/blog' });
    await screen.findByText('Failed to load blog posts. Please try again later.');
    expect(await axeViolations()).toEqual([]);
    expect(api.requests(POSTS).map((r) => r.query.toString())).toEqual(['limit=6&offset=0', 'limit=6&offset=0']); // asked, and once again
    api.on(POSTS, { json: { posts: [post(1), post(2)], nextOffset: null } });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Failed to load blog posts. Please try again later.')).toBeNull();
  });

  it('shows no paging when every post fits on one page', async () => {
    fakeApi().on(POSTS, { json: { posts: [post(1), post(2)], nextOffset: null } });
    renderPage(<Blog />, { path: '/blog' });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Post 1', 'Post 2']);
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
    expect(screen.queryByText('Page 1')).toBeNull();
  });

  it('says No Blog Posts Yet when nothing is published', async () => {
    fakeApi().on(POSTS, { json: { posts: [], nextOffset: null } });
    renderPage(<Blog />, { path: '/blog' });
    await screen.findByRole('heading', { name: 'No Blog Posts Yet' });
    expect(await axeViolations()).toEqual([]);
  });
});
