import { describe, expect, it } from 'vitest';
import { retentionCutoffs } from './data-retention';

describe('retentionCutoffs', () => {
  it('counts each period back from now, the tax records in calendar years', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const cut = retentionCutoffs(now, {
      verificationDays: 1,
      sessionDays: 30,
      messageDays: 180,
      savedCartDays: 90,
      auditDetailDays: 730,
      taxRecordYears: 5,
    });
    expect(cut.verification.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(cut.session.toISOString()).toBe('2026-01-30T10:00:00.000Z');
    expect(cut.message.toISOString()).toBe('2025-09-02T10:00:00.000Z');
    expect(cut.savedCart.toISOString()).toBe('2025-12-01T10:00:00.000Z');
    expect(cut.auditDetail.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(cut.taxRecord.toISOString()).toBe('2021-03-01T10:00:00.000Z');
  });
});
