// The order pages' domain words read in English exactly as the domain says them (the server, the
// receipts and the browser tests use the domain's), whatever the page's language does with them.
import { describe, expect, it } from 'vitest';
import { IF_UNAVAILABLE, ifUnavailableText as domainIfUnavailable } from '@/domain/line-choices';
import { ORDER_STATUS_SHOWN } from '@/domain/order-lifecycle';
import { ORDER_STATUSES } from '@/domain/order-status';
import { orderProgress, progressSteps } from '@/domain/order-progress';
import { packedLineText as domainPackedLine, type PackedLine } from '@/domain/packed-line';
import { ordersText } from '@/web/i18n/orders-text';
import { ENDED_KEYS, ifUnavailableText, packedLineText, statusText, stepText } from './order-words';

describe("the order pages' domain words in English", () => {
  it('name every status as the domain does, and an unknown one capitalised', () => {
    for (const status of ORDER_STATUSES) expect(statusText(status, ordersText)).toBe(ORDER_STATUS_SHOWN[status].customer);
    expect(statusText('on_hold', ordersText)).toBe('On_hold');
  });

  it('name every progress step and ending as the domain does', () => {
    for (const method of ['delivery', 'pickup'] as const) {
      for (const status of [undefined, 'confirmed'] as const) {
        for (const step of progressSteps(method, status)) expect(stepText(step, ordersText)).toBe(step);
      }
    }
    for (const [label, key] of Object.entries(ENDED_KEYS)) expect(ordersText(key)).toBe(label);
    const ended = orderProgress({ status: 'cancelled', fulfilmentStatus: 'unfulfilled', refunds: ['refunded'] });
    expect(ended).toEqual({ kind: 'ended', label: 'Refunded' });
  });

  it("say the 'If unavailable' choice as the domain does", () => {
    for (const choice of IF_UNAVAILABLE) expect(ifUnavailableText(choice, ordersText)).toBe(domainIfUnavailable(choice));
  });

  it('say what packing made of a line as the domain does', () => {
    const line = (over: Partial<PackedLine>): PackedLine => ({
      outcome: 'packed',
      weighedGrams: null,
      expectedGrams: null,
      substituteName: null,
      orderedName: 'Tilapia — Large',
      refundCents: 0,
      ...over,
    });
    for (const p of [
      line({}),
      line({ weighedGrams: 650 }),
      line({ weighedGrams: 650, expectedGrams: 700, refundCents: 9_500 }),
      line({ outcome: 'substituted', substituteName: 'Tilapia — Medium', refundCents: 5_000 }),
      line({ outcome: 'substituted' }),
      line({ outcome: 'unavailable', refundCents: 85_000 }),
    ]) {
      expect(packedLineText(p, ordersText)).toBe(domainPackedLine(p));
    }
  });
});
