import { describe, expect, it } from 'vitest';
import { checkoutText } from '@/web/i18n/checkout-text';
import { fieldErrorsFrom, missingCheckoutFields, missingFieldsMessage } from './checkout-fields';

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

describe('the required fields still empty', () => {
  it('are named in page order when Pay is pressed too early', () => {
    const missing = missingCheckoutFields({ fullName: ' ', email: 'a@b.co.ke', phone: '', address: '' });
    expect(missing.map((f) => f.id)).toEqual(['checkout-name', 'checkout-phone', 'checkout-address']);
    expect(missingFieldsMessage(missing, checkoutText)).toBe(
      'Please fill in all required fields. Missing: Full Name, Phone Number and Delivery Address.',
    );
    expect(
      missingFieldsMessage(
        missingCheckoutFields({ fullName: 'Njeri', email: 'a@b.co.ke', phone: '0711 222 333', address: '' }),
        checkoutText,
      ),
    ).toBe('Please fill in all required fields. Missing: Delivery Address.');
  });
});
