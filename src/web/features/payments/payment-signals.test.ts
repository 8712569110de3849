import { describe, expect, it } from 'vitest';
import { isCallbackUrl, isPaymentMessage, isPaymentPageOrigin } from './payment-signals';

const SHOP = 'https://shop.example.co.ke';
const SIM_PAGE = `${SHOP}/pesapal-sim/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=abc`;

describe('isPaymentPageOrigin', () => {
  it.each([
    ['https://pay.pesapal.com', 'https://pay.pesapal.com/iframe/PesapalIframe3/Index?OrderTrackingId=x', true],
    ['https://cybqa.pesapal.com', SIM_PAGE, true],
    [SHOP, SIM_PAGE, true],
    ['https://evil.example', SIM_PAGE, false],
    ['https://pay.pesapal.com.evil.example', 'https://pay.pesapal.com/x', false],
    ['null', 'not a url', false],
  ])('%s for a page at %s → %s', (origin, iframeUrl, expected) => {
    expect(isPaymentPageOrigin(origin, iframeUrl)).toBe(expected);
  });
});

describe('isPaymentMessage', () => {
  it.each([
    [{ status: 'completed' }, true],
    [{ status: 'COMPLETED' }, true],
    [{ type: 'payment_completed' }, true],
    [{ type: 'payment_failed' }, true],
    [{ type: 'payment_cancelled' }, true],
    ['{"type":"payment_failed"}', true],
    [{ status: 'pending' }, false],
    [{ type: 'resize', height: 600 }, false],
    ['completed', false],
    [null, false],
    [42, false],
  ])('%j → %s', (data, expected) => {
    expect(isPaymentMessage(data)).toBe(expected);
  });
});

describe('isCallbackUrl', () => {
  it.each([
    [`${SHOP}/order-success?OrderTrackingId=abc&OrderMerchantReference=ORDER-1`, true],
    [`${SHOP}/payment/completed`, true],
    [`${SHOP}/checkout?ordertrackingid=abc`, true],
    [SIM_PAGE, false],
    [`${SHOP}/checkout`, false],
    ['https://pay.pesapal.com/order-success?OrderTrackingId=abc', false],
    ['about:blank', false],
    ['', false],
  ])('%s → %s', (href, expected) => {
    expect(isCallbackUrl(href, SHOP)).toBe(expected);
  });
});
