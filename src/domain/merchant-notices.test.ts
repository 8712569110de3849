import { describe, expect, it } from 'vitest';
import { paidOrderNoticeSms } from './merchant-notices';
import { isGsm7 } from './order-sms';

describe("the owner's SMS for a paid order", () => {
  it("writes a Kikuyu name's marked letters plainly, not as question marks", () => {
    const sms = paidOrderNoticeSms('Lake Victoria Aquaculture', {
      orderId: '0f3e9a4c-1111-4222-8333-444455556666',
      customerName: 'Wanjirũ Kamaũ',
      totalCents: 118240,
      area: 'Kilimani',
      deliveryTime: null,
    });
    expect(sms).toContain(', Wanjiru, KES 1,182.40, Kilimani');
    expect(sms).not.toContain('?');
    expect(isGsm7(sms)).toBe(true);
  });
});
