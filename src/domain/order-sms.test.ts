import { describe, expect, it } from 'vitest';
import { isGsm7, ORDER_UPDATE_STEPS, orderUpdateSms, SMS_MAX_LENGTH, toGsm7, type OrderSmsInput } from './order-sms';

const ORDER_ID = '3f2a9c1e-0b7d-4e8a-9c1f-2d3e4f5a6b7c';
const base = { shopName: 'Lake Victoria Aquaculture', publicUrl: 'https://shop.example.co.ke', orderId: ORDER_ID };
const extra = {
  amountCents: 123_456_789,
  deliveryWindow: 'Thu 27 Nov, 10:00–12:00',
  reason: 'Packing: Tilapia — Large weighed 650 g (about 700 g expected), Farm Chicken unavailable, Tilapia — Medium for Large',
  rider: { name: 'Wanjirũ Achieng Otieno-Kamau', phone: '+254733000111' },
};

describe('order update SMS', () => {
  it('says what happened, with the short order number, amount and delivery window', () => {
    expect(orderUpdateSms({ ...base, ...extra, step: 'paid' })).toBe(
      'Lake Victoria Aquacultu: Payment of KES 1,234,567.89 received for order #3f2a9c1e. Delivery: Thu 27 Nov, 10:00-12:00. https://shop.example.co.ke/orders/3f2a9c1e',
    );
    // The amount paid, and the order's own page (its short reference) as the link.
    expect(orderUpdateSms({ ...base, amountCents: 228_440, step: 'paid' })).toBe(
      'Lake Victoria Aquaculture: Payment of KES 2,284.40 received for order #3f2a9c1e. https://shop.example.co.ke/orders/3f2a9c1e',
    );
    expect(orderUpdateSms({ ...base, step: 'out_for_delivery' })).toContain('Order #3f2a9c1e is out for delivery.');
    expect(orderUpdateSms({ ...base, step: 'delivered' })).toContain('Order #3f2a9c1e has been delivered.');
    expect(orderUpdateSms({ ...base, step: 'cancelled', amountCents: 250_000 })).toContain(
      'Order #3f2a9c1e (KES 2,500.00) has been cancelled.',
    );
    expect(orderUpdateSms({ ...base, step: 'refunded', amountCents: 250_000 })).toContain(
      'Order #3f2a9c1e is cancelled; KES 2,500.00 has been refunded to you.',
    );
    expect(orderUpdateSms({ ...base, step: 'payment_refunded', amountCents: 250_000 })).toContain(
      'You paid twice for order #3f2a9c1e: the extra KES 2,500.00 has been refunded to you.',
    );
  });

  it('tells of part of the order refunded, with the reason cut at a word to keep the link', () => {
    expect(orderUpdateSms({ ...base, step: 'part_refunded', amountCents: 9_500, reason: 'Tilapia weighed 650 g' })).toBe(
      'Lake Victoria Aquaculture: KES 95.00 has been refunded for order #3f2a9c1e: Tilapia weighed 650 g https://shop.example.co.ke/orders/3f2a9c1e',
    );
    const long = orderUpdateSms({ ...base, ...extra, step: 'part_refunded' });
    expect(long).toContain(
      'KES 1,234,567.89 has been refunded for order #3f2a9c1e: Packing: Tilapia - Large weighed 650 g (about 700 g...',
    );
    expect(long).toMatch(/ https:\/\/shop\.example\.co\.ke\/orders\/3f2a9c1e$/);
    expect(orderUpdateSms({ ...base, step: 'part_refunded', amountCents: 9_500 })).toContain(
      'KES 95.00 has been refunded for order #3f2a9c1e.',
    );
  });

  it("says who brings the order and when: the rider's name and phone and the window, else the shop's phone", () => {
    const rider = { name: 'Otieno Ouma', phone: '+254733000111' };
    const sms = orderUpdateSms({ ...base, step: 'out_for_delivery', rider, deliveryWindow: 'Thu 27 Nov, 10:00–12:00' });
    expect(sms).toContain('Order #3f2a9c1e is out for delivery. Rider: Otieno Ouma, +254733000111. Delivery: Thu 27 Nov, 10:00-12:00.');
    expect(sms.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    // A long name gives way: the rider's phone and the window always fit.
    const long = orderUpdateSms({
      ...base,
      step: 'out_for_delivery',
      rider: { ...rider, name: 'N'.repeat(80) },
      deliveryWindow: 'Thu 27 Nov, 10:00–12:00',
    });
    expect(long).toContain(`Rider: ${'N'.repeat(20)}, +254733000111. Delivery: Thu 27 Nov, 10:00-12:00.`);
    expect(
      orderUpdateSms({ ...base, step: 'out_for_delivery', shopPhone: '+254700000001', deliveryWindow: 'Thu 27 Nov, 10:00–12:00' }),
    ).toContain('Order #3f2a9c1e is out for delivery. Questions? Call +254700000001. Delivery: Thu 27 Nov, 10:00-12:00.');
    expect(orderUpdateSms({ ...base, step: 'out_for_delivery', shopPhone: ' ' })).toContain(
      'Order #3f2a9c1e is out for delivery. Please keep your phone on so the rider can reach you.',
    );
  });

  const names = ['Lake Victoria Aquaculture', 'Samaki “Bora” – Nairobi’s best fish {since 1999} €', 'X'.repeat(300), ''];
  const urls = ['https://shop.example.co.ke', 'http://localhost:3000', `https://${'long'.repeat(40)}.example`, 'https://x.test/~shop'];
  const cases: OrderSmsInput[] = ORDER_UPDATE_STEPS.flatMap((step) =>
    names.flatMap((shopName) => urls.map((publicUrl) => ({ ...base, ...extra, step, shopName, publicUrl }))),
  );

  it.each(cases.map((c) => [c.step, c.shopName.slice(0, 20), c.publicUrl.slice(0, 30), c] as const))(
    '%s / %s / %s: one SMS of GSM-7 characters, linking only to the shop',
    (_step, _name, _url, input) => {
      const sms = orderUpdateSms(input);
      expect(sms.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect(isGsm7(sms)).toBe(true);
      expect(sms).toContain('#3f2a9c1e');
      const links = sms.match(/https?:\/\/\S+/g) ?? [];
      for (const link of links) expect(link).toBe(`${input.publicUrl}/orders/3f2a9c1e`);
    },
  );

  it('says where and when a pick-up order is ready, without a link, the address giving way first', () => {
    const ready = {
      ...base,
      step: 'ready_for_pickup' as const,
      shopName: 'Lake Victoria Aquaculture',
      deliveryWindow: 'Fri 4 Dec, 10:00–12:00',
    };
    expect(orderUpdateSms({ ...ready, pickupAt: 'Kogo Star Plaza, Langata Rd - ask at the counter' })).toBe(
      'Lake Victoria Aquaculture: order #3f2a9c1e is ready for pick-up at Kogo Star Plaza, Langata Rd - ask at the counter, Fri 4 Dec, 10:00-12:00.',
    );
    const long = orderUpdateSms({ ...ready, pickupAt: 'Kogo Star Plaza, Langata Road, ground floor shop 4, '.repeat(6) });
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(long).toMatch(
      /^Lake Victoria Aquaculture: order #3f2a9c1e is ready for pick-up at Kogo Star Plaza.*\.\.\., Fri 4 Dec, 10:00-12:00\.$/,
    );
  });

  it('keeps the link when the shop name and address are ordinary', () => {
    for (const step of ORDER_UPDATE_STEPS.filter((s) => s !== 'ready_for_pickup')) {
      expect(orderUpdateSms({ ...base, ...extra, step })).toMatch(/ https:\/\/shop\.example\.co\.ke\/orders\/3f2a9c1e$/);
    }
  });
});

describe('order update SMS in Kiswahili', () => {
  it('says each step in Kiswahili, with the same number, amount, window and link', () => {
    expect(orderUpdateSms({ ...base, amountCents: 228_440, step: 'paid', locale: 'sw' })).toBe(
      'Lake Victoria Aquaculture: Malipo ya KES 2,284.40 ya oda #3f2a9c1e yamepokelewa. https://shop.example.co.ke/orders/3f2a9c1e',
    );
    expect(orderUpdateSms({ ...base, step: 'confirmed', amountCents: 250_000, locale: 'sw' })).toContain(
      'Oda #3f2a9c1e imethibitishwa: lipa KES 2,500.00 kwa rider kwa M-Pesa au pesa taslimu.',
    );
    expect(orderUpdateSms({ ...base, step: 'delivered', locale: 'sw' })).toContain('Oda #3f2a9c1e imeletwa. Asante kwa kununua kwetu!');
    expect(orderUpdateSms({ ...base, step: 'part_refunded', locale: 'sw' })).toContain(
      'Umerejeshewa sehemu ya malipo yako kwa oda #3f2a9c1e.',
    );
    expect(orderUpdateSms({ ...base, step: 'ready_for_pickup', pickupAt: 'Gikomba Market, stall 12', locale: 'sw' })).toBe(
      'Lake Victoria Aquaculture: oda #3f2a9c1e iko tayari kuchukuliwa hapa: Gikomba Market, stall 12.',
    );
  });

  it('keeps every step to one GSM-7 SMS, whatever it carries', () => {
    for (const step of ORDER_UPDATE_STEPS) {
      const sms = orderUpdateSms({
        ...base,
        ...extra,
        step,
        shopPhone: '+254700000000',
        pickupAt: 'Gikomba Market, stall 12',
        locale: 'sw',
      });
      expect(sms.length, step).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect(isGsm7(sms), step).toBe(true);
      expect(sms, step).toContain('#3f2a9c1e');
    }
  });

  it('is English for an order placed in English', () => {
    expect(orderUpdateSms({ ...base, step: 'delivered', locale: 'en' })).toBe(orderUpdateSms({ ...base, step: 'delivered' }));
  });
});

describe('GSM-7', () => {
  it('knows the default alphabet', () => {
    expect(isGsm7('Hello @ £5 è Ñ ü _ !?')).toBe(true);
    expect(isGsm7('curly ’ quote')).toBe(false);
    expect(isGsm7('brace {')).toBe(false);
    expect(isGsm7('emoji 🐟')).toBe(false);
  });
  it('replaces what is outside it', () => {
    expect(toGsm7('Nairobi’s “best” – fish 🐟 [fresh]')).toBe('Nairobi\'s "best" - fish (fresh)');
  });

  it('writes Kikuyu and other marked letters as their plain letters, never as a question mark', () => {
    expect(toGsm7('Wanjirũ, Njũguna Kamaũ, Mũthoni Wĩkũ, Zoë, Ngũgĩ')).toBe('Wanjiru, Njuguna Kamau, Muthoni Wiku, Zoe, Ngugi');
    expect(isGsm7(toGsm7('Wanjirũ Kamaũ'))).toBe(true);
  });

  it('keeps a letter of another script (the message then goes as Unicode) rather than a question mark', () => {
    expect(toGsm7('Order for 王 Li')).toBe('Order for 王 Li');
  });
});
