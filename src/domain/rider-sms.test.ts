import { describe, expect, it } from 'vitest';
import { SMS_MAX_LENGTH } from './order-sms';
import { riderStopLine, riderStopsOffSms, riderStopsSms, stopWhen, type RiderListStop } from './rider-sms';

const TODAY = '2026-11-27'; // a Friday
const ids = Array.from({ length: 30 }, (_, i) => `${String(i).padStart(8, '0')}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`);
const stop = (i: number, over: Partial<RiderListStop> = {}): RiderListStop => ({
  orderId: ids[i]!,
  day: TODAY,
  time: '10:00–12:00',
  late: false,
  address: 'Kilimani, Nairobi',
  ...over,
});

describe('a stop in the rider list', () => {
  it("is the order number, the window's time and the area", () => {
    expect(riderStopLine(stop(0), TODAY)).toBe('#00000000 10:00–12:00 Kilimani');
  });

  it('says the weekday of another day, and late for an earlier one', () => {
    expect(stopWhen({ day: '2026-11-28', time: '08:00–10:00', late: false }, TODAY)).toBe('Sat 08:00–10:00');
    expect(stopWhen({ day: '2026-11-25', time: '08:00–10:00', late: true }, TODAY)).toBe('late');
    expect(stopWhen({ day: TODAY, time: 'around 14:05', late: false }, TODAY)).toBe('around 14:05');
  });

  it('keeps the area short: the first part of the address, at most 20 characters', () => {
    expect(riderStopLine(stop(1, { address: 'Kitengela Acacia Estate Phase Two, Kajiado' }), TODAY)).toBe(
      '#00000001 10:00–12:00 Kitengela Acacia Est',
    );
  });
});

describe('riderStopsSms', () => {
  const base = { shopName: 'Fresh Catch', publicUrl: 'https://shop.test', today: TODAY };

  it('lists three stops in the order given, in one GSM SMS with the link to the rider page', () => {
    const sms = riderStopsSms({
      ...base,
      stops: [stop(2), stop(0, { address: 'Westlands', time: '12:00–14:00' }), stop(1, { address: 'Karen' })],
    });
    expect(sms).toEqual([
      'Fresh Catch: 3 stops for you: 1) #00000002 10:00-12:00 Kilimani 2) #00000000 12:00-14:00 Westlands 3) #00000001 10:00-12:00 Karen https://shop.test/admin/rider',
    ]);
    expect(sms[0]!.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });

  it('says one stop in the singular', () => {
    expect(riderStopsSms({ ...base, stops: [stop(0)] })).toEqual([
      'Fresh Catch: 1 stop for you: 1) #00000000 10:00-12:00 Kilimani https://shop.test/admin/rider',
    ]);
  });

  it('splits a long list into numbered parts, never cutting a stop, every stop listed once', () => {
    const stops = ids.map((_, i) => stop(i, { address: 'Kileleshwa' }));
    const sms = riderStopsSms({ ...base, stops });
    expect(sms.length).toBeGreaterThan(1);
    for (const part of sms) expect(part.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(sms[0]).toMatch(new RegExp(`^Fresh Catch: 30 stops for you \\(1/${sms.length}\\): 1\\) #00000000 `));
    sms.slice(1).forEach((part, i) => expect(part.startsWith(`Fresh Catch (${i + 2}/${sms.length}): `)).toBe(true));
    const listed = sms.join(' ').match(/\d+\) #\d{8} 10:00-12:00 Kileleshwa/g) ?? [];
    expect(listed).toEqual(ids.map((id, i) => `${i + 1}) #${id.slice(0, 8)} 10:00-12:00 Kileleshwa`));
    // The link to the rider's page never costs a part: here the last part has no room for it.
    expect(sms.join(' ')).not.toContain('/admin/rider');
  });

  it('names the shop by its short name, and leaves the link out rather than split three stops', () => {
    const stops = [stop(0, { address: 'Middle Estate' }), stop(1, { address: 'Kileleshwa' }), stop(2, { address: 'Kitengela Town' })];
    const sms = riderStopsSms({ ...base, shopName: 'Lake Victoria Aquaculture', publicUrl: 'http://localhost:3000', stops });
    expect(sms).toEqual([
      'Lake Victoria: 3 stops for you: 1) #00000000 10:00-12:00 Middle Estate 2) #00000001 10:00-12:00 Kileleshwa 3) #00000002 10:00-12:00 Kitengela Town',
    ]);
  });

  it('keeps to 70 characters a part when an area needs Unicode', () => {
    const sms = riderStopsSms({ ...base, stops: [stop(0, { address: 'Κηφισιά' }), stop(1), stop(2)] });
    expect(sms.length).toBeGreaterThan(1);
    for (const part of sms) expect(part.length).toBeLessThanOrEqual(70);
  });
});

describe('riderStopsOffSms', () => {
  it('tells the rider a cancelled, refunded or unassigned stop is not to be delivered', () => {
    const one = (reason: 'cancelled' | 'refunded' | 'unassigned') =>
      riderStopsOffSms({ shopName: 'Fresh Catch', orderIds: [ids[4]!], reason });
    expect(one('cancelled')).toEqual(['Fresh Catch: Stop #00000004 is cancelled - do not deliver.']);
    expect(one('refunded')).toEqual(['Fresh Catch: Stop #00000004 is cancelled for a refund - do not deliver.']);
    expect(one('unassigned')).toEqual(['Fresh Catch: Stop #00000004 was taken off your list - do not deliver.']);
  });

  it('names several stops in one notice, split only when they do not fit', () => {
    expect(riderStopsOffSms({ shopName: 'Fresh Catch', orderIds: ids.slice(0, 2), reason: 'unassigned' })).toEqual([
      'Fresh Catch: Stops taken off your list - do not deliver: #00000000 #00000001',
    ]);
    const many = riderStopsOffSms({ shopName: 'Fresh Catch', orderIds: ids, reason: 'unassigned' });
    expect(many.length).toBeGreaterThan(1);
    for (const part of many) expect(part.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(many.join(' ').match(/#\d{8}/g)).toEqual(ids.map((id) => `#${id.slice(0, 8)}`));
  });
});
