// The shop and the cart in Kiswahili: the words come from the sw catalogues, the amounts and the
// product names stay as they are.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { cartStore } from '../features/cart/cart-store';
import { loadCatalogues } from '../i18n/catalogue';
import { CATFISH, TILAPIA } from '../test-support/catalog-answers';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, answerShopDetails } from '../test-support/shop-answers';
import Cart from './cart';
import Shop from './shop';

describe('in Kiswahili', () => {
  beforeAll(() => loadCatalogues('sw'));

  it('/shop greets the visitor and offers its products to add to the cart', async () => {
    const api = fakeApi();
    answerSession(api);
    api.on('GET /api/catalog/products', {
      json: { products: [TILAPIA, CATFISH], categories: ['fish'], total: 2, page: 1, nextPage: null },
    });
    renderPage(<Shop />, { path: '/shop', locale: 'sw' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bidhaa zetu' })).toBeTruthy();
    expect(screen.getByText('Karibu,', { exact: false }).textContent).toBe('Karibu, Mteja wetu!');
    expect(screen.getByLabelText('Tafuta bidhaa').getAttribute('placeholder')).toBe('Tafuta bidhaa...');
    expect(screen.getByRole('button', { name: 'Zote' })).toBeTruthy();
    const card = within(await screen.findByRole('article', { name: TILAPIA.name }));
    expect(card.getByRole('button', { name: 'Ongeza kwenye kikapu' })).toBeTruthy();
    expect(screen.queryByText('Add to Cart')).toBeNull();
  });

  it('/cart says what is in it, its summary and the way to pay', async () => {
    const stored: CartLine[] = [
      { productId: TILAPIA.id, name: TILAPIA.name, priceCents: 60_000, imageUrl: null, category: 'fish', stock: 40, quantity: 2 },
    ];
    // The cart store read the (empty) storage for the page before: the lines go in through it.
    cartStore.replace(stored);
    const api = fakeApi();
    answerSession(api);
    answerShopDetails(api);
    api.on('POST /api/catalog/cart-check', apiError(500, 'x', 'INTERNAL'));
    api.on('POST /api/checkout/promotion', { json: { promotion: null, message: null } });
    renderPage(<Cart />, { path: '/cart', locale: 'sw' });
    const line = within(await screen.findByRole('listitem', { name: TILAPIA.name }));
    expect(screen.getByRole('heading', { level: 1, name: 'Kikapu' })).toBeTruthy();
    expect(line.getByText('KES 600.00 kila moja')).toBeTruthy();
    expect(line.getByRole('button', { name: `Ondoa ${TILAPIA.name}` })).toBeTruthy();
    expect(line.getByLabelText('Idadi', { exact: true }).textContent).toBe('2');
    expect(screen.getByRole('heading', { name: 'Muhtasari wa oda' })).toBeTruthy();
    expect(screen.getByText('bidhaa 2')).toBeTruthy();
    expect(screen.getByText('Jumla ndogo')).toBeTruthy();
    expect(screen.getByTestId('subtotal').textContent).toBe('KES 1,200.00');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Endelea kulipa' })).toBeTruthy());
  });
});
