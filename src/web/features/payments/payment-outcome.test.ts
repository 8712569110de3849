import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('../../lib/toast', () => ({
  toast: Object.assign((m: string) => shown.push(`plain ${m}`), {
    success: (m: string) => shown.push(`success ${m}`),
    error: (m: string) => shown.push(`error ${m}`),
  }),
}));
const cleared = vi.fn();
vi.mock('../cart/cart-store', () => ({ cartStore: { clear: () => cleared() } }));
const tones: number[] = [];
vi.mock('./payment-sound', () => ({
  SUCCESS_TONE_HZ: 800,
  FAILURE_TONE_HZ: 400,
  playToneOnce: (_key: string, hz: number) => tones.push(hz),
}));

/** A tab's sessionStorage, kept across the module's reloads as across a page's. */
const session = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => session.get(k) ?? null,
  setItem: (k: string, v: string) => void session.set(k, v),
});

const load = async () => {
  vi.resetModules();
  return import('./payment-outcome');
};

describe('announcing a payment outcome', () => {
  beforeEach(() => {
    shown.length = 0;
    tones.length = 0;
    cleared.mockClear();
    session.clear();
  });

  it('tells paid once per attempt, however many roads bring it: the notice, the emptied cart and the tone', async () => {
    const { announcePaymentOutcome } = await load();
    announcePaymentOutcome('o1', 'paid'); // the live event
    announcePaymentOutcome('o1', 'paid'); // polling
    announcePaymentOutcome('o1', 'paid'); // the return
    expect(shown).toEqual(['success Payment Successful! 🎉', 'success Payment completed! Cart cleared.']);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(tones).toEqual([800]);
  });

  it('does not tell it again after a reload of the tab', async () => {
    (await load()).announcePaymentOutcome('o1', 'paid');
    (await load()).announcePaymentOutcome('o1', 'paid');
    expect(shown.filter((s) => s.includes('Payment Successful'))).toHaveLength(1);
  });

  it('tells a new attempt’s outcome again, and a different outcome of the same attempt', async () => {
    const { announcePaymentOutcome, paymentAttemptStarted } = await load();
    announcePaymentOutcome('o1', 'failed');
    announcePaymentOutcome('o1', 'failed');
    paymentAttemptStarted('o1');
    announcePaymentOutcome('o1', 'failed');
    announcePaymentOutcome('o1', 'paid');
    announcePaymentOutcome('o2', 'cancelled');
    expect(shown).toEqual([
      'error Payment Failed',
      'error Payment Failed',
      'success Payment Successful! 🎉',
      'success Payment completed! Cart cleared.',
      'plain Payment cancelled. You can try again when ready.',
    ]);
    expect(tones).toEqual([400, 400, 800]);
  });
});
