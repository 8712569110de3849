// Checkout's and payments' English catalogues say the domain's words word for word (the server,
// receipts and browser tests read the domain's), so moving a string into a catalogue changed no
// English.
import { describe, expect, it } from 'vitest';
import { BUYER_TAX_HINT, BUYER_TAX_LABELS } from '@/domain/buyer-tax-details';
import { freeDeliveryPrompt } from '@/domain/cart-totals';
import { IF_UNAVAILABLE, IF_UNAVAILABLE_LABELS } from '@/domain/line-choices';
import { formatAmount, formatKES } from '@/domain/money';
import { MPESA_MESSAGES, MPESA_UNKNOWN_RESULT } from '@/domain/mpesa-express';
import { PAYMENT_CANCELLED_NOTICE } from '@/domain/order-reasons';
import { PAY_ON_DELIVERY_MESSAGES } from '@/domain/pay-on-delivery';
import { PEAK_HOUR_NOTICE } from '@/domain/peak-hours';
import { CHECKOUT_EMAIL_HINT, CHECKOUT_OPTIONAL_EMAIL_LABEL } from '@/domain/phone-sign-in';
import { RIDER_DIRECTION_LABELS } from '@/domain/rider-directions';
import { minimumOrderMessage, SMALL_ORDER_FEE_LABEL, smallOrderFeeNotice } from '@/domain/small-order';
import { checkoutText } from '@/web/i18n/checkout-text';
import { paymentsText } from '@/web/i18n/payments-text';

describe("checkout's and payments' English", () => {
  it("is the domain's labels, hints and notices", () => {
    expect(checkoutText('emailOptional')).toBe(CHECKOUT_OPTIONAL_EMAIL_LABEL);
    expect(checkoutText('emailHint')).toBe(CHECKOUT_EMAIL_HINT);
    expect(checkoutText('kraPinLabel')).toBe(BUYER_TAX_LABELS.kraPin);
    expect(checkoutText('businessNameLabel')).toBe(BUYER_TAX_LABELS.businessName);
    expect(checkoutText('kraPinHint')).toBe(BUYER_TAX_HINT);
    expect(checkoutText('buildingOptional')).toBe(`${RIDER_DIRECTION_LABELS.building} (optional)`);
    expect(checkoutText('directionsOptional')).toBe(`${RIDER_DIRECTION_LABELS.directions} (optional)`);
    for (const choice of IF_UNAVAILABLE) expect(checkoutText(`ifUnavailable_${choice}`)).toBe(IF_UNAVAILABLE_LABELS[choice]);
    expect(checkoutText('onDeliveryLabel')).toBe(PAY_ON_DELIVERY_MESSAGES.label);
    expect(checkoutText('confirmOrder')).toBe(PAY_ON_DELIVERY_MESSAGES.placeOrder);
    expect(checkoutText('mpesaNotWholeShillings')).toBe(MPESA_MESSAGES.notWholeShillings);
    expect(checkoutText('smallOrderFee')).toBe(SMALL_ORDER_FEE_LABEL);
    expect(checkoutText('peakHourNotice')).toBe(PEAK_HOUR_NOTICE);
    expect(paymentsText('paymentCancelled')).toBe(PAYMENT_CANCELLED_NOTICE);
    expect(paymentsText('mpesaNotCompleted')).toBe(MPESA_UNKNOWN_RESULT);
  });

  it("is the domain's sentences with amounts and places", () => {
    expect(checkoutText('freeDeliveryPrompt', { amount: formatAmount(45_050) })).toBe(freeDeliveryPrompt(45_050));
    expect(checkoutText('smallOrderFeeNotice', { fee: formatKES(10_000), minimum: formatKES(150_000) })).toBe(
      smallOrderFeeNotice({ kind: 'fee', feeCents: 10_000, minimumCents: 150_000 }),
    );
    expect(checkoutText('minimumOrderTo', { place: 'Kitengela', minimum: formatKES(150_000), short: formatKES(105_000) })).toBe(
      minimumOrderMessage('Kitengela', 150_000, 105_000),
    );
    expect(checkoutText('minimumOrder', { minimum: formatKES(150_000), short: formatKES(105_000) })).toBe(
      minimumOrderMessage(' ', 150_000, 105_000),
    );
  });
});
