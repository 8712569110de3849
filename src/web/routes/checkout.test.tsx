// Checkout's 'If unavailable' starts at the shop's usual choice (Shop details) on every line.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { CATFISH, TILAPIA } from '../test-support/catalog-answers';
import { fakeApi, heldAnswer } from '../test-support/fake-api';
import { renderPage } from '../test-support/render-page';
import { answerSession, answerShopDetails, signedIn } from '../test-support/shop-answers';
import Checkout from './checkout';

const line = (p: typeof TILAPIA, quantity: number): CartLine => ({
  productId: p.id,
  name: p.name,
  priceCents: p.priceCents,
  imageUrl: null,
  category: 'fish',
  stock: p.stock,
  quantity,
});

describe('/checkout', () => {
  it("preselects the shop's usual 'If unavailable' for every line, and each line can take another", async () => {
    localStorage.setItem('cart', JSON.stringify([line(TILAPIA, 2), line(CATFISH, 1)]));
    const api = fakeApi();
    answerSession(api, signedIn());
    answerShopDetails(api, { ifUnavailable: 'call' });
    // The cart's re-check and the rest of the page wait: what is asked here is the lines' choice.
    api.on('POST /api/catalog/cart-check', heldAnswer().handler);
    api.on('GET /api/checkout/last-delivery', heldAnswer().handler);
    // The fee for the profile's address is asked a second after the page settles: on a busy machine,
    // before the test ends.
    api.on('POST /api/checkout/delivery-fee', heldAnswer().handler);
    // The best automatic offer for the cart: none.
    api.on('POST /api/checkout/promotion', { json: { promotion: null, message: null } });
    // The shop does not offer pick-up: the page is the delivery one.
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: false, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', { json: { enabled: false } });
    const { user } = renderPage(<Checkout />, { path: '/checkout' });

    const selects = await screen.findAllByLabelText<HTMLSelectElement>('If unavailable');
    expect(selects).toHaveLength(2);
    await waitFor(() => expect(selects.map((s) => s.value)).toEqual(['call', 'call']));
    expect(selects.map((s) => s.selectedOptions[0]?.textContent)).toEqual(['Call me', 'Call me']);

    await user.selectOptions(selects[1]!, 'remove');
    expect(screen.getAllByLabelText<HTMLSelectElement>('If unavailable').map((s) => s.value)).toEqual(['call', 'remove']);
  });
});
