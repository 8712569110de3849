// Pesapal reports a payment's method by its own names ('MpesaKE', 'Visa', 'MasterCard'); people read
// the names they know. One rule for the receipt and the back office.

/** 'MpesaKE' → 'M-Pesa'; a card's name as Pesapal gives it; null when Pesapal named none. */
export function paymentMethodName(method: string | null | undefined): string | null {
  const trimmed = method?.trim();
  if (!trimmed) return null;
  if (/^m-?pesa/i.test(trimmed)) return 'M-Pesa';
  if (/^airtel/i.test(trimmed)) return 'Airtel Money';
  return trimmed;
}
