// Checkout's 'Pay with Pesapal' while the delivery fee is still being worked out: a picked place is
// priced again once its exact point is known, and a tap in that moment used to be dropped without a
// word (the customer tapped Pay and nothing happened). Now the order is placed when the fee is known.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { NO_SMALL_ORDER_POLICY } from '@/domain/small-order';
import { TILAPIA } from '../../../test-support/catalog-answers';
import { fakeApi, heldAnswer } from '../../../test-support/fake-api';
import { renderPage } from '../../../test-support/render-page';
import { answerShopDetails, signedIn } from '../../../test-support/shop-answers';
import type { fetchDeliveryFee } from '../checkout-api';
import { CheckoutForm } from './checkout-form';

const FEE = 'POST /api/checkout/delivery-fee';
const ORDERS = 'POST /api/checkout/orders';
const PROMOTION = 'POST /api/checkout/promotion';
const NO_PROMOTION = { json: { promotion: null, message: null } };

const LINES: CartLine[] = [
  { productId: TILAPIA.id, name: TILAPIA.name, priceCents: 60_000, imageUrl: null, category: 'fish', stock: 40, quantity: 2 },
];

// Typed as the API answers, so a field the server adds later cannot be missing here.
const FEE_ANSWER: Awaited<ReturnType<typeof fetchDeliveryFee>> = {
  deliveryFeeCents: 8_040,
  deliveryFeeTaxBand: 'B',
  pricesIncludeVat: false,
  zoneId: 'zone-1',
  zoneName: 'Zone 1 - Local Area',
  estimatedMinutes: 25,
  formattedDistance: '4.1 km',
  originLabel: 'Kogo Star Plaza, Nairobi West',
  smallOrder: NO_SMALL_ORDER_POLICY,
};

describe('checkout: Pay with Pesapal', () => {
  it('pressed while the delivery fee is being worked out, places the order once the fee is known', async () => {
    const api = fakeApi();
    answerShopDetails(api);
    api.on('GET /api/checkout/last-delivery', { json: { building: '', directions: '' } });
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: false, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', { json: { enabled: false } });
    const fee = heldAnswer();
    api.on(FEE, fee.handler);
    api.on(PROMOTION, NO_PROMOTION);
    api.on('GET /api/checkout/delivery-windows', { json: { slots: [], chosen: null, closedNotice: null } });
    api.on(ORDERS, { json: { orderId: 'order-1', iframeUrl: 'http://127.0.0.1/pesapal/frame' } });
    // The payment modal's own reads of the order (not this test's subject).
    api.on('GET /api/orders/order-1', 'network-error');
    api.on('GET /api/orders/order-1/transaction', 'network-error');
    const paymentOpen = vi.fn();
    const { user } = renderPage(<CheckoutForm lines={LINES} session={signedIn()} onPaymentOpenChange={paymentOpen} />, {
      path: '/checkout',
    });

    // The profile's address is priced as the page opens; the answer has not come yet.
    await waitFor(() => expect(api.requests(FEE)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Pay with Pesapal' }));
    await screen.findByRole('button', { name: 'Working out the delivery fee…' });
    expect(api.requests(ORDERS)).toHaveLength(0);
    // A second press while waiting sends nothing more.
    await user.click(screen.getByRole('button', { name: 'Working out the delivery fee…' }));

    fee.release({ json: FEE_ANSWER });
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    expect(api.requests(ORDERS)[0]!.body).toMatchObject({
      items: [{ productId: TILAPIA.id, quantity: 2 }],
      customerInfo: { fullName: 'Wanjiku Kamau', phone: '+254712345678', address: 'Kilimani' },
    });
    // The payment modal opens on the order.
    await waitFor(() => expect(paymentOpen).toHaveBeenCalledWith(true));
    expect(api.requests(ORDERS)).toHaveLength(1);
  });

  it('pressed while the fee is being worked out for an address that cannot be priced, says so at the address', async () => {
    const api = fakeApi();
    answerShopDetails(api);
    api.on('GET /api/checkout/last-delivery', { json: { building: '', directions: '' } });
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: false, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', { json: { enabled: false } });
    const fee = heldAnswer();
    api.on(FEE, fee.handler);
    api.on(PROMOTION, NO_PROMOTION);
    api.on(ORDERS, { json: { orderId: 'order-1', iframeUrl: 'http://127.0.0.1/pesapal/frame' } });
    const { user } = renderPage(<CheckoutForm lines={LINES} session={signedIn()} onPaymentOpenChange={() => {}} />, { path: '/checkout' });
    await waitFor(() => expect(api.requests(FEE)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Pay with Pesapal' }));
    fee.release({ status: 400, json: { error: { code: 'OUT_OF_AREA', message: 'Sorry, we do not deliver to this address yet.' } } });
    await screen.findByRole('button', { name: 'Pay with Pesapal' });
    await waitFor(() => expect(document.activeElement?.id).toBe('checkout-address'));
    expect(api.requests(ORDERS)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy');
  });

  it('applies a promotion code: the discount is a line of the totals, a refused code says why, and the order carries the code', async () => {
    const api = fakeApi();
    answerShopDetails(api);
    api.on('GET /api/checkout/last-delivery', { json: { building: '', directions: '' } });
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: false, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', { json: { enabled: false } });
    api.on(FEE, { json: FEE_ANSWER });
    api.on('GET /api/checkout/delivery-windows', { json: { slots: [], chosen: null, closedNotice: null } });
    api.on(PROMOTION, ({ body }) => {
      const code = (body as { promotionCode?: string }).promotionCode ?? '';
      if (code === '') return NO_PROMOTION;
      if (code !== 'FISHFRIDAY') return { json: { promotion: null, message: 'We do not know this code.' } };
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
    api.on(ORDERS, { json: { orderId: 'order-1', iframeUrl: 'http://127.0.0.1/pesapal/frame' } });
    api.on('GET /api/orders/order-1', 'network-error');
    api.on('GET /api/orders/order-1/transaction', 'network-error');
    const { user } = renderPage(<CheckoutForm lines={LINES} session={signedIn()} onPaymentOpenChange={() => {}} />, { path: '/checkout' });
    await waitFor(() => expect(screen.getByTestId('summary-delivery').textContent).toBe('KES 80.40'));

    const field = screen.getByRole('textbox', { name: 'Promotion code' });
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('We do not know this code.')).toBeTruthy();
    expect(screen.queryByTestId('summary-discount')).toBeNull();

    await user.clear(field);
    await user.type(field, 'FISHFRIDAY{Enter}');
    await waitFor(() => expect(screen.getByTestId('summary-discount').textContent).toBe('−KES 120.00'));
    expect(screen.getByText('Discount (FISHFRIDAY)')).toBeTruthy();
    // 2 × 600.00 less 120.00 and the fee 80.40, with VAT 16% on both (the fee is in band B): 1,160.40 + 185.66.
    expect(screen.getByTestId('summary-total').textContent).toBe('KES 1,346.06');

    await user.click(screen.getByRole('button', { name: 'Pay with Pesapal' }));
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    expect(api.requests(ORDERS)[0]!.body).toMatchObject({ promotionCode: 'FISHFRIDAY' });
  });

  it('applies the code the cart applied without typing it again, and forgets it once the order is placed', async () => {
    sessionStorage.setItem('promotion-code', 'FISHFRIDAY');
    const api = fakeApi();
    answerShopDetails(api);
    api.on('GET /api/checkout/last-delivery', { json: { building: '', directions: '' } });
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: false, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', { json: { enabled: false } });
    api.on(FEE, { json: FEE_ANSWER });
    api.on('GET /api/checkout/delivery-windows', { json: { slots: [], chosen: null, closedNotice: null } });
    api.on(PROMOTION, ({ body }) =>
      (body as { promotionCode?: string }).promotionCode === 'FISHFRIDAY'
        ? {
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
          }
        : NO_PROMOTION,
    );
    api.on(ORDERS, { json: { orderId: 'order-1', iframeUrl: 'http://127.0.0.1/pesapal/frame' } });
    api.on('GET /api/orders/order-1', 'network-error');
    api.on('GET /api/orders/order-1/transaction', 'network-error');
    const { user } = renderPage(<CheckoutForm lines={LINES} session={signedIn()} onPaymentOpenChange={() => {}} />, { path: '/checkout' });
    await waitFor(() => expect(screen.getByTestId('summary-discount').textContent).toBe('−KES 120.00'));
    expect((screen.getByRole('textbox', { name: 'Promotion code' }) as HTMLInputElement).value).toBe('FISHFRIDAY');
    expect(api.requests(PROMOTION).every((r) => (r.body as { promotionCode?: string }).promotionCode === 'FISHFRIDAY')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('summary-delivery').textContent).toBe('KES 80.40'));
    await user.click(screen.getByRole('button', { name: 'Pay with Pesapal' }));
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    expect(api.requests(ORDERS)[0]!.body).toMatchObject({ promotionCode: 'FISHFRIDAY' });
    await waitFor(() => expect(sessionStorage.getItem('promotion-code')).toBeNull());
  });

  it('offers pick-up at the shop when the shop does: no address, no delivery fee, a pick-up window, sent without delivery details', async () => {
    const api = fakeApi();
    answerShopDetails(api);
    api.on('GET /api/checkout/last-delivery', { json: { building: '', directions: '' } });
    const slot = {
      windowId: '6a0c1d8e-0000-4000-8000-000000000001',
      date: '2026-12-04',
      label: 'Fri 4 Dec, 10:00–12:00',
      left: 3,
      full: false,
    };
    api.on('GET /api/checkout/payment-options', {
      json: { mpesa: false, mpesaPromptSeconds: 60, onDelivery: { offered: false, reason: '' } },
    });
    api.on('GET /api/checkout/pickup', {
      json: {
        enabled: true,
        instructions: 'Kogo Star Plaza, ask at the counter',
        slots: [slot],
        chosen: { windowId: slot.windowId, date: slot.date },
        closedNotice: null,
      },
    });
    api.on(FEE, { json: FEE_ANSWER });
    api.on('GET /api/checkout/delivery-windows', { json: { slots: [], chosen: null, closedNotice: null } });
    api.on(PROMOTION, NO_PROMOTION);
    api.on(ORDERS, { json: { orderId: 'order-1', iframeUrl: 'http://127.0.0.1/pesapal/frame' } });
    api.on('GET /api/orders/order-1', 'network-error');
    api.on('GET /api/orders/order-1/transaction', 'network-error');
    const { user } = renderPage(<CheckoutForm lines={LINES} session={signedIn()} onPaymentOpenChange={() => {}} />, { path: '/checkout' });

    const pickup = await screen.findByRole('radio', { name: /Pick up at the shop/ });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Delivery/ }).checked).toBe(true);
    await user.click(pickup);
    expect((await screen.findByTestId('pickup-instructions')).textContent).toContain('Kogo Star Plaza, ask at the counter');
    expect(document.getElementById('checkout-address')).toBeNull();
    expect(screen.getByTestId('summary-delivery').textContent).toBe('No delivery fee');
    screen.getByRole('group', { name: 'Pick-up window' });
    expect(screen.getByTestId('chosen-window').textContent).toContain('Fri 4 Dec, 10:00–12:00');

    await user.click(screen.getByRole('button', { name: 'Pay with Pesapal' }));
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    const sent = api.requests(ORDERS)[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ fulfilment: 'pickup', deliveryWindow: { windowId: slot.windowId, date: slot.date } });
    expect(sent).not.toHaveProperty('deliveryInfo');
  });
});
