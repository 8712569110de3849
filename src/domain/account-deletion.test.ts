import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, accountDeletionSchema, deletedEmail, isOpenOrder, phoneForms } from './account-deletion';

describe('account deletion rules', () => {
  it('writes a Kenyan number every way it appears in messages, logs and keys', () => {
    expect(phoneForms('+254711223344')).toEqual(['+254711223344', '254711223344', '0711223344', '0711 223 344', '+254 711 223 344']);
    expect(phoneForms('+442079460958')).toEqual(['+442079460958', '442079460958']);
    expect(phoneForms(null)).toEqual([]);
  });

  it('counts paid, door and refund-pending orders not yet delivered, and payments in flight, as open', () => {
    const o = (status: string, fulfilmentStatus = 'unfulfilled', paymentStatus: string | null = null) =>
      isOpenOrder({ status, fulfilmentStatus, paymentStatus } as Parameters<typeof isOpenOrder>[0]);
    expect(o('completed')).toBe(true);
    expect(o('confirmed', 'out_for_delivery')).toBe(true);
    expect(o('refund_requested', 'delivered')).toBe(true);
    expect(o('pending', 'unfulfilled', 'PENDING')).toBe(true);
    expect(o('completed', 'delivered')).toBe(false);
    expect(o('pending', 'unfulfilled', 'FAILED')).toBe(false);
    expect(o('cancelled')).toBe(false);
    expect(o('failed')).toBe(false);
  });

  it('takes DELETE (spaces around it forgiven) and nothing else', () => {
    expect(accountDeletionSchema.safeParse({ confirm: ' DELETE ' }).success).toBe(true);
    const wrong = accountDeletionSchema.safeParse({ confirm: 'delete' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(ACCOUNT_DELETION_MESSAGES.confirm);
    expect(accountDeletionSchema.safeParse({}).success).toBe(false);
  });

  it('names the placeholder address after the account, at a domain no mail reaches', () => {
    expect(deletedEmail('AbC-1')).toBe('deleted-abc-1@invalid');
    expect(ACCOUNT_DELETION_MESSAGES.openOrder('0f1e2d3c-aaaa')).toBe(
      'Your order #0f1e2d3c is still open. You can delete your account once it is delivered or cancelled.',
    );
  });
});
