// /shop when the shop sells nothing or the list cannot load (moved from the browser journeys).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-support/axe';
import { CATFISH, TILAPIA } from '../test-support/catalog-answers';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession } from '../test-support/shop-answers';
import Shop from './shop';

const PRODUCTS = 'GET /api/catalog/products';

describe('/shop', () => {
  it('says "No products available at the moment." when the shop sells nothing', async () => {
    const api = fakeApi();
    answerSession(api);
    api.on(PRODUCTS, { json: { products: [], categories: [], total: 0, page: 1, nextPage: null } });
    renderPage(<Shop />, { path: '/shop' });
    await screen.findByText('No products available at the moment.');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the load error when the API fails', async () => {
    const api = fakeApi();
    answerSession(api);
    api.on(PRODUCTS, apiError(500, 'boom'));
    const { user } = renderPage(<Shop />, { path: '/shop' });
    await screen.findByText('Error loading products. Please try again later.');
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    api.on(PRODUCTS, { json: { products: [TILAPIA, CATFISH], categories: ['fish'], total: 2, page: 1, nextPage: null } });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('article', { name: TILAPIA.name });
    expect(api.requests(PRODUCTS)).toHaveLength(3); // asked, once again, then on Try Again
  });
});
