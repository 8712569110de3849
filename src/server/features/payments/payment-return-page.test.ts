import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isPaymentReturnMessage } from '@/domain/payment-return';
import { PAYMENT_RETURN_HTML, PAYMENT_RETURN_SCRIPT, PAYMENT_RETURN_SCRIPT_PATH } from './payment-return-page';

const SHOP = 'https://shop.example.co.ke';
const CALLBACK = '?OrderTrackingId=t-1&OrderMerchantReference=ORD-1&OrderNotificationType=CALLBACKURL';

interface Run {
  posted: { message: unknown; targetOrigin: string }[];
  replacedWith: string | null;
}

/** Runs the return page's script in a window at `search`, framed by `top` (or the whole tab). */
function runScript(search: string, top: 'self' | 'shop' | 'another site'): Run {
  const run: Run = { posted: [], replacedWith: null };
  const location = { origin: SHOP, search, replace: (url: string) => (run.replacedWith = url) };
  const self: Record<string, unknown> = { location };
  const shop = {
    postMessage: (message: unknown, targetOrigin: string) => run.posted.push({ message, targetOrigin }),
    get location() {
      if (top === 'another site') throw new Error('SecurityError: cross-origin frame');
      return { origin: SHOP };
    },
  };
  self.self = self;
  self.top = top === 'self' ? self : shop;
  runInNewContext(PAYMENT_RETURN_SCRIPT, { window: self, URLSearchParams });
  return run;
}

describe('the payment return page', () => {
  it('inside the shop’s payment modal tells the shop page, with Pesapal’s values, and goes nowhere', () => {
    const run = runScript(CALLBACK, 'shop');
    expect(run.replacedWith).toBeNull();
    expect(run.posted).toHaveLength(1);
    expect(run.posted[0]!.targetOrigin).toBe(SHOP);
    expect(isPaymentReturnMessage(run.posted[0]!.message)).toBe(true);
    expect(run.posted[0]!.message).toEqual({
      type: 'shop:payment-return',
      cancelled: false,
      orderTrackingId: 't-1',
      orderMerchantReference: 'ORD-1',
    });
  });

  it('says when the customer cancelled on Pesapal’s page', () => {
    const run = runScript(`?payment=cancelled&${CALLBACK.slice(1)}`, 'shop');
    expect(run.posted[0]!.message).toMatchObject({ cancelled: true, orderTrackingId: 't-1' });
  });

  it('as the whole tab goes on to the app’s page for the return, query kept', () => {
    expect(runScript(CALLBACK, 'self').replacedWith).toBe(`/order-success${CALLBACK}`);
    expect(runScript(`?payment=cancelled&${CALLBACK.slice(1)}`, 'self').replacedWith).toBe(
      `/checkout?payment=cancelled&${CALLBACK.slice(1)}`,
    );
    expect(runScript('', 'self').replacedWith).toBe('/order-success');
  });

  it('framed by another site tells it nothing and leaves for the shop', () => {
    const run = runScript(CALLBACK, 'another site');
    expect(run.posted).toEqual([]);
    expect(run.replacedWith).toBe(`/order-success${CALLBACK}`);
  });

  it('is a page of its own: the waiting line and its script file, no app bundle and no inline script', () => {
    expect(PAYMENT_RETURN_HTML).toContain('<p role="status">Waiting for Pesapal to confirm your payment. Do not pay again.</p>');
    expect(PAYMENT_RETURN_HTML).toContain(`<script src="${PAYMENT_RETURN_SCRIPT_PATH}"></script>`);
    expect(PAYMENT_RETURN_HTML.match(/<script/g)).toHaveLength(1);
    expect(PAYMENT_RETURN_HTML).not.toMatch(/\/assets\/|<link/);
  });
});
