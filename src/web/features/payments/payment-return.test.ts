import { describe, expect, it } from 'vitest';
import { isCancellationUrl, isPaymentReturnMessage, paymentFrameDocument, PAYMENT_RETURN_MESSAGE } from './payment-return';

const SHOP = 'https://shop.example.co.ke';

describe('payment return', () => {
  it('recognises only its own message shape', () => {
    expect(isPaymentReturnMessage({ type: PAYMENT_RETURN_MESSAGE, cancelled: false })).toBe(true);
    expect(isPaymentReturnMessage({ type: PAYMENT_RETURN_MESSAGE })).toBe(false);
    expect(isPaymentReturnMessage({ type: 'payment_completed', cancelled: false })).toBe(false);
    expect(isPaymentReturnMessage('shop:payment-return')).toBe(false);
  });

  it.each([
    [`${SHOP}/checkout?payment=cancelled&OrderTrackingId=x`, true],
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
});
