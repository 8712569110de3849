// The header's cart count comes with the cart's code, which loads after the page: the link first
// reads 'Cart', then the stored cart's units, and follows the cart from then on.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { CATFISH, TILAPIA } from '../../../test-support/catalog-answers';
import { renderPage } from '../../../test-support/render-page';
import { cartStore } from '../cart-store';
import { CartLink } from './cart-link';

const line = (p: typeof TILAPIA, quantity: number): CartLine => ({
  productId: p.id,
  name: p.name,
  priceCents: p.priceCents,
  imageUrl: null,
  category: p.category,
  stock: p.stock,
  quantity,
});

describe('the cart link', () => {
  it('counts the stored cart once its code is here, then every change', async () => {
    localStorage.setItem('cart', JSON.stringify([line(TILAPIA, 2), line(CATFISH, 3)]));
    renderPage(<CartLink />, { inMain: false });
    expect(screen.getByRole('link', { name: 'Cart' })).toBeTruthy();
    expect((await screen.findByTestId('cart-count')).textContent).toBe('5');
    expect(screen.getByRole('link', { name: 'Cart, 5 items' }).getAttribute('href')).toBe('/cart');
    act(() => cartStore.remove(CATFISH.id));
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    act(() => cartStore.clear());
    expect(screen.queryByTestId('cart-count')).toBeNull();
  });
});
