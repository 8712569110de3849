// Checkout with M-Pesa Express: offered first when the shop has it, the prompt going to the contact
// phone unless another number is typed; a total with cents cannot go to M-Pesa and says why, and
// then Pesapal pays.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { NO_SMALL_ORDER_POLICY } from '@/domain/small-order';
import { TILAPIA } from '../../../test-support/catalog-answers';
import { fakeApi } from '../../../test-support/fake-api';
import { renderPage } from '../../../test-support/render-page';
import { answerShopDetails, signedIn } from '../../../test-support/shop-answers';
import type { fetchDeliveryFee } from '../checkout-api';
import { CheckoutForm } from './checkout-form';

const ORDERS = 'POST /api/checkout/orders';

function feeAnswer(pricesIncludeVat: boolean): Awaited<ReturnType<typeof fetchDeliveryFee>> {
  return {
    deliveryFeeCents: 20_000,
    deliveryFeeTaxBand: 'B',
    pricesIncludeVat,
    zoneId: 'zone-1',
    zoneName: 'Zone 1 - Local Area',
    estimatedMinutes: 25,
    formattedDistance: '4.1 km',
    originLabel: 'Kogo Star Plaza, Nairobi West',
    smallOrder: NO_SMALL_ORDER_POLICY,
  };
}

const LINES: CartLine[] = [
  { productId: TILAPIA.id, name: TILAPIA.name, priceCents: 60_050, imageUrl: null, category: 'fish', stock: 40, quantity: 2 },
];

function checkout(pricesIncludeVat: boolean, lines = LINES, onDeliveryZone: string | null = null) {
  const api = fakeApi();
  answerShopDetails(api);
  api.on('GET /api/checkout/last-delivery', { json: { building: '', directions: '' } });
  // Pay on delivery is offered only once the address's zone is known, and only in that zone.
  api.on('GET /api/checkout/payment-options', (req) => ({
    json: {
      mpesa: true,
      mpesaPromptSeconds: 60,
      onDelivery: req.query.get('zoneId') === onDeliveryZone ? { offered: true } : { offered: false, reason: '' },
    },
  }));
  api.on('GET /api/checkout/pickup', { json: { enabled: false } });
  api.on('POST /api/checkout/delivery-fee', { json: feeAnswer(pricesIncludeVat) });
  api.on('POST /api/checkout/promotion', { json: { promotion: null, message: null } });
  api.on('GET /api/checkout/delivery-windows', { json: { slots: [], chosen: null, closedNotice: null } });
  const page = renderPage(<CheckoutForm lines={lines} session={signedIn()} onPaymentOpenChange={() => {}} />, { path: '/checkout' });
  return { api, ...page };
}

describe('checkout: how to pay', () => {
  it('offers M-Pesa first, prompting the contact phone or the number typed, and sends the choice', async () => {
    const { api, user } = checkout(true, [{ ...LINES[0]!, priceCents: 60_000 }]);
    api.on(ORDERS, {
      json: {
        orderId: 'order-1',
        iframeUrl: null,
        mpesa: {
          orderId: 'order-1',
          checkoutRequestId: 'ws_CO_1',
          phoneDisplay: '072****111',
          sentAt: '2026-11-30T08:00:00.000Z',
          endsAt: '2026-11-30T08:01:00.000Z',
        },
        deliveryWindowNotice: null,
        stockNotice: null,
      },
    });
    api.on('GET /api/orders/order-1', 'network-error');
    api.on('GET /api/orders/order-1/transaction', 'network-error');
    const mpesa = await screen.findByRole('radio', { name: /M-Pesa \(prompt on your phone\)/ });
    expect((mpesa as HTMLInputElement).checked).toBe(true);
    const number = screen.getByRole('textbox', { name: 'M-Pesa number' });
    expect((number as HTMLInputElement).value).toBe('+254 712 345 678');
    await user.clear(number);
    await user.type(number, '0722 000 111');
    await user.click(await screen.findByRole('button', { name: 'Pay with M-Pesa' }));
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    expect(api.requests(ORDERS)[0]!.body).toMatchObject({ payment: { method: 'mpesa', mpesaPhone: '0722 000 111' } });
    const waiting = await screen.findByRole('dialog', { name: 'Pay with M-Pesa' });
    expect(waiting.textContent).toContain('Check your phone and enter your M-Pesa PIN');
    expect(waiting.textContent).toContain('We sent the prompt to 072****111.');
    expect(screen.getByTestId('mpesa-countdown').textContent).toMatch(/The prompt ends in [01]:\d\d/);
  });

  it('a total with cents cannot go to M-Pesa: it says why, and Pesapal pays', async () => {
    const { api, user } = checkout(false);
    api.on(ORDERS, {
      json: { orderId: 'order-2', iframeUrl: 'http://127.0.0.1/pesapal/frame', mpesa: null, deliveryWindowNotice: null, stockNotice: null },
    });
    api.on('GET /api/orders/order-2', 'network-error');
    api.on('GET /api/orders/order-2/transaction', 'network-error');
    const mpesa = await screen.findByRole('radio', { name: /M-Pesa \(prompt on your phone\)/ });
    await waitFor(() => expect((mpesa as HTMLInputElement).disabled).toBe(true));
    expect(document.getElementById(mpesa.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'M-Pesa takes whole shillings only, and this total has cents. Please pay with Card or other (Pesapal).',
    );
    await user.click(screen.getByRole('radio', { name: /Card or other \(Pesapal\)/ }));
    await user.click(await screen.findByRole('button', { name: 'Pay with Pesapal' }));
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    expect(api.requests(ORDERS)[0]!.body).toMatchObject({ payment: { method: 'pesapal' } });
  });

  it('offers pay on delivery where the zone does: nothing to pay now, the order confirmed and the cart emptied', async () => {
    const { api, user } = checkout(true, [{ ...LINES[0]!, priceCents: 60_000 }], 'zone-1');
    api.on(ORDERS, {
      json: { orderId: 'order-3', iframeUrl: null, mpesa: null, payOnDelivery: true, deliveryWindowNotice: null, stockNotice: null },
    });
    api.on('GET /api/orders/order-3', 'network-error');
    api.on('GET /api/orders/order-3/transaction', 'network-error');
    const onDelivery = await screen.findByRole('radio', { name: /Pay on delivery \(M-Pesa or cash to the rider\)/ });
    await user.click(onDelivery);
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(api.requests(ORDERS)).toHaveLength(1));
    expect(api.requests(ORDERS)[0]!.body).toMatchObject({ payment: { method: 'on_delivery' } });
    expect(screen.queryByRole('dialog', { name: 'Pay with M-Pesa' })).toBeNull();
  });

  it('does not offer pay on delivery where the zone does not', async () => {
    checkout(true, [{ ...LINES[0]!, priceCents: 60_000 }], 'another-zone');
    await screen.findByRole('radio', { name: /M-Pesa \(prompt on your phone\)/ });
    expect(screen.queryByRole('radio', { name: /Pay on delivery/ })).toBeNull();
  });
});
