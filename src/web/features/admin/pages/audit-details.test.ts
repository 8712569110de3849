import { describe, expect, it } from 'vitest';
import { auditDetailsText } from './audit-details';

describe('auditDetailsText', () => {
  it('shows cents as KES under the plain name', () => {
    expect(auditDetailsText({ name: 'Tilapia', priceCents: 120000, stock: 3, published: true })).toBe(
      'name: Tilapia · price: KES 1,200.00 · stock: 3 · published: true',
    );
    expect(auditDetailsText({ refundId: 'r1', amountCents: 9999 })).toBe('refundId: r1 · amount: KES 99.99');
  });

  it('shows a change as from → to, money included', () => {
    expect(auditDetailsText({ changed: { priceCents: { from: 120000, to: 135050 }, published: { from: true, to: false } } })).toBe(
      'changed: (price: KES 1,200.00 → KES 1,350.50, published: true → false)',
    );
  });

  it('leaves a ...Cents value that is not whole cents as it is, and plain values readable', () => {
    expect(auditDetailsText({ priceCents: '12.5', reason: 'Spoiled', quantity: -2 })).toBe(
      'priceCents: 12.5 · reason: Spoiled · quantity: -2',
    );
    expect(auditDetailsText({ list: ['a', 1], nothing: null })).toBe('list: ["a",1] · nothing: null');
    expect(auditDetailsText('just text')).toBe('just text');
    expect(auditDetailsText(null)).toBe('');
  });

  it('cuts a long line at 300 characters', () => {
    const text = auditDetailsText({ note: 'x'.repeat(400) });
    expect(text).toHaveLength(301);
    expect(text.endsWith('…')).toBe(true);
  });
});
