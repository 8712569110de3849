import { describe, expect, it } from 'vitest';
import { isPaymentReturnMessage, PAYMENT_RETURN_MESSAGE } from '@/domain/payment-return';
import { isCancellationUrl, paymentFrameDocument } from './payment-return';

const SHOP = 'https://shop.example.co.ke';

describe('payment return', () => {
  it('recognises only its own message shape', () => {
    expect(isPaymentReturnMessage({ type: PAYMENT_RETURN_MESSAGE, cancelled: false })).toBe(true);
    expect(
      isPaymentReturnMessage({ type: PAYMENT_RETURN_MESSAGE, cancelled: true, orderTrackingId: 't', orderMerchantReference: null }),
    ).toBe(true);
    expect(isPaymentReturnMessage({ type: PAYMENT_RETURN_MESSAGE, cancelled: false, orderTrackingId: 42 })).toBe(false);
    expect(isPaymentReturnMessage({ type: PAYMENT_RETURN_MESSAGE })).toBe(false);
    expect(isPaymentReturnMessage({ type: 'payment_completed', cancelled: false })).toBe(false);
    expect(isPaymentReturnMessage('shop:payment-return')).toBe(false);
  });

  it.each([
    [`${SHOP}/api/payments/return?payment=cancelled&OrderTrackingId=x`, true],
    [`${SHOP}/api/payments/return?OrderTrackingId=x`, false],
    [`${SHOP}/checkout?payment=cancelled&OrderTrackingId=x`, true],
    [`${SHOP}/orders?payment=cancelled`, false],
    [`${SHOP}/checkout`, false],
    [`https://evil.example/checkout?payment=cancelled`, false],
    ['not a url', false],
  ])('%s is the cancellation return: %s', (href, expected) => {
    expect(isCancellationUrl(href, SHOP)).toBe(expected);
  });

  it('frames the payment page with its address escaped', () => {
    const doc = paymentFrameDocument('https://pay.pesapal.com/Index?a=1&b="><script>');
    expect(doc).toContain('src="https://pay.pesapal.com/Index?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(doc).not.toContain('<script>');
  });

  it("names the frame in the page's language", () => {
    const doc = paymentFrameDocument('https://pay.pesapal.com/Index', 'Ukurasa wa malipo wa Pesapal', 'sw');
    expect(doc).toContain('<html lang="sw">');
    expect(doc).toContain('title="Ukurasa wa malipo wa Pesapal"');
    expect(paymentFrameDocument('https://pay.pesapal.com/Index')).toContain('title="Pesapal payment page"');
  });
});
