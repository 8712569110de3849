// /cart when the server's re-check of prices and stock fails (moved from the browser journeys).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { TILAPIA } from '../test-support/catalog-answers';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, answerShopDetails } from '../test-support/shop-answers';
import Cart from './cart';

const CHECK = 'POST /api/catalog/cart-check';

describe('/cart', () => {
  it('when the re-check fails, keeps the cart as stored and claims no change', async () => {
    const stored: CartLine[] = [
      { productId: TILAPIA.id, name: TILAPIA.name, priceCents: 60_000, imageUrl: null, category: 'fish', stock: 40, quantity: 2 },
    ];
    localStorage.setItem('cart', JSON.stringify(stored));
    const api = fakeApi();
    answerSession(api);
    answerShopDetails(api);
    api.on(CHECK, apiError(500, 'x', 'INTERNAL'));
    // The cart asks which promotion the lines would get (none here).
    api.on('POST /api/checkout/promotion', { json: { promotion: null, message: null } });
    const { user } = renderPage(<Cart />, { path: '/cart' });
    const line = within(await screen.findByRole('listitem', { name: TILAPIA.name }));
    await waitFor(() => expect(api.requests(CHECK)).toHaveLength(1));
    expect(api.requests(CHECK)[0]!.body).toEqual({ items: [{ productId: TILAPIA.id, quantity: 2 }] });
    expect(line.getByLabelText('Quantity', { exact: true }).textContent).toBe('2');
    expect(screen.getByTestId('subtotal').textContent).toBe('KES 1,200.00');
    expect(screen.queryByText('Your cart was updated')).toBeNull();
    await user.click(line.getByRole('button', { name: /Increase/ }));
    await waitFor(() => expect(line.getByLabelText('Quantity', { exact: true }).textContent).toBe('3'));
    // Still the stored price, and still no notice, well after the failed answer came back.
    expect(screen.getByTestId('subtotal').textContent).toBe('KES 1,800.00');
    expect(screen.queryByText('Your cart was updated')).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' }).hasAttribute('disabled')).toBe(false);
  });
});
