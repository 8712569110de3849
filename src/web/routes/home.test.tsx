// The home page's featured products when none are featured or they cannot load (moved from the browser journeys).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-support/axe';
import { TILAPIA } from '../test-support/catalog-answers';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession } from '../test-support/shop-answers';
import Home from './home';

const FEATURED = 'GET /api/catalog/products/featured';

describe('home', () => {
  it('says so when the featured products cannot load', async () => {
    const api = fakeApi();
    answerSession(api);
    api.on(FEATURED, apiError(500, 'boom'));
    const { user } = renderPage(<Home />);
    await screen.findByText('Error loading products. Please try again later.');
    expect(await axeViolations()).toEqual([]);
    api.on(FEATURED, { json: { products: [TILAPIA] } });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('article', { name: TILAPIA.name });
  });

  it('says so when no product is featured', async () => {
    const api = fakeApi();
    answerSession(api);
    api.on(FEATURED, { json: { products: [] } });
    renderPage(<Home />);
    await screen.findByText('No products available at the moment.');
    expect(screen.queryAllByTestId('product-skeleton')).toEqual([]);
  });
});
