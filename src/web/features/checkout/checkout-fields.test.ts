import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from './checkout-fields';

describe('fieldErrorsFrom', () => {
  it('puts each server message under the form field its request path names', () => {
    expect(
      fieldErrorsFrom({
        'customerInfo.fullName': 'Full name is required.',
        'customerInfo.phone': 'Enter a Kenyan phone number.',
        'deliveryInfo.address': 'Please fill in all required fields.',
        'deliveryInfo.building': 'Too long.',
        'deliveryInfo.directions': 'Too long too.',
        'buyerTax.kraPin': 'Not a PIN.',
        idempotencyKey: 'Not a key.',
      }),
    ).toEqual({
      fullName: 'Full name is required.',
      phone: 'Enter a Kenyan phone number.',
      address: 'Please fill in all required fields.',
      building: 'Too long.',
      directions: 'Too long too.',
      kraPin: 'Not a PIN.',
    });
  });

  it('keeps the first message when two paths name the same field', () => {
    expect(fieldErrorsFrom({ 'customerInfo.address': 'First.', 'deliveryInfo.address': 'Second.' })).toEqual({ address: 'First.' });
  });
});
