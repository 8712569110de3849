// A promotion code in the cart: applied through the checkout's preview, its discount a line of the
// cart's summary, a refused code's message under the field, and the code kept for checkout.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { axeViolations } from '../test-support/axe';
import { TILAPIA } from '../test-support/catalog-answers';
import { apiError, fakeApi } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, answerShopDetails } from '../test-support/shop-answers';
import Cart from './cart';

const PROMOTION = 'POST /api/checkout/promotion';

describe('/cart with a promotion code', () => {
  it('applies FISHFRIDAY: the discount in the summary, a refusal said under the field, the code kept for checkout', async () => {
    const stored: CartLine[] = [
      { productId: TILAPIA.id, name: TILAPIA.name, priceCents: 60_000, imageUrl: null, category: 'fish', stock: 40, quantity: 2 },
    ];
    localStorage.setItem('cart', JSON.stringify(stored));
    const api = fakeApi();
    answerSession(api);
    answerShopDetails(api);
    // The price re-check is not this test's subject: it fails, and the cart stays as stored.
    api.on('POST /api/catalog/cart-check', apiError(500, 'x', 'INTERNAL'));
    api.on(PROMOTION, ({ body }) => {
      // The server reads a code without case or spaces.
      const code = ((body as { promotionCode?: string }).promotionCode ?? '').trim().toUpperCase();
      if (code === '') return { json: { promotion: null, message: null } };
      if (code !== 'FISHFRIDAY') return { json: { promotion: null, message: 'This code is valid on Fridays only.' } };
      return {
        json: {
          promotion: {
            code: 'FISHFRIDAY',
            label: 'Discount (FISHFRIDAY)',
            discountCents: 12_000,
            freeDelivery: false,
            lines: [{ productId: TILAPIA.id, variantId: null, discountCents: 12_000 }],
          },
          message: null,
        },
      };
    });
    const { user } = renderPage(<Cart />, { path: '/cart' });
    const field = await screen.findByRole('textbox', { name: 'Promotion code' });
    await user.type(field, 'THURSDAY');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code is valid on Fridays only.')).toBeTruthy();
    expect(screen.queryByTestId('discount')).toBeNull();

    await user.clear(field);
    await user.type(field, 'fishfriday{Enter}');
    await waitFor(() => expect(screen.getByTestId('discount').textContent).toBe('−KES 120.00'));
    expect(screen.getByText('Discount (FISHFRIDAY)')).toBeTruthy();
    expect(screen.getByTestId('subtotal').textContent).toBe('KES 1,200.00');
    expect(api.requests(PROMOTION).at(-1)!.body).toMatchObject({
      promotionCode: 'fishfriday',
      items: [{ productId: TILAPIA.id, quantity: 2 }],
    });
    // Kept for the tab: checkout applies it again without typing it.
    expect(sessionStorage.getItem('promotion-code')).toBe('fishfriday');
    expect(await axeViolations()).toEqual([]);
  });
});
