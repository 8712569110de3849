// Checkout in Kiswahili: a customer reading Kiswahili gets the page's words in Kiswahili, with
// amounts and product names as they are. (A file of its own: a second checkout render in one file
// waits on the first's held answers.)
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { formatKES, multiplyCents } from '@/domain/money';
import { loadCatalogues } from '../i18n/catalogue';
import { TILAPIA } from '../test-support/catalog-answers';
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

describe('/checkout in Kiswahili', () => {
  it('speaks Kiswahili to a customer reading Kiswahili, amounts and product names as they are', async () => {
    await loadCatalogues('sw');
    localStorage.setItem('cart', JSON.stringify([line(TILAPIA, 2)]));
    const api = fakeApi();
    answerSession(api, signedIn());
    answerShopDetails(api, { ifUnavailable: 'call' });
    api.on('POST /api/catalog/cart-check', heldAnswer().handler);
    api.on('GET /api/checkout/last-delivery', heldAnswer().handler);
    api.on('POST /api/checkout/delivery-fee', heldAnswer().handler);
    api.on('POST /api/checkout/promotion', { json: { promotion: null, message: null } });
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: true, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', { json: { enabled: false } });
    renderPage(<Checkout />, { path: '/checkout', locale: 'sw' });

    // Text queries, not roles: the whole checkout form is slow to walk for accessible names.
    expect((await screen.findByText('Malipo')).tagName).toBe('H1');
    expect(screen.getByText('Mawasiliano yako').tagName).toBe('H2');
    expect(screen.getByText('Muhtasari wa oda').tagName).toBe('H2');
    const select = await screen.findByLabelText<HTMLSelectElement>('Ikikosekana');
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Nipigie simu'));
    expect(screen.getByLabelText(`Maelezo kuhusu ${TILAPIA.name} (si lazima)`)).toBeTruthy();
    expect(await screen.findByText('M-Pesa (ombi kwenye simu yako)')).toBeTruthy();
    expect(screen.getByText('Lipa kwa M-Pesa')).toBeTruthy();
    expect(screen.getByText('Jumla ndogo')).toBeTruthy();
    expect(screen.getByTestId('summary-subtotal').textContent).toBe(formatKES(multiplyCents(TILAPIA.priceCents, 2)));
    // The fee is still being worked out: Pay says so.
    expect(screen.getByText('Ada ya kuletewa lazima ijulikane kabla ya kulipa.')).toBeTruthy();
  });
});
