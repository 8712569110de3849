// The checkout form's fields, checked in the browser with the domain's schemas before an order is
// sent, and the server's field errors mapped back onto them.
import type { BuyerTaxDetails } from '@/domain/buyer-tax-details';
import {
  MESSAGES,
  buyerTaxSchema,
  checkoutCustomerSchema,
  phoneCustomerCheckoutSchema,
  pickupCustomerCheckoutSchema,
  pickupPhoneCustomerCheckoutSchema,
  type CheckoutCustomerValues,
} from '@/domain/validation';
import { riderDirectionsSchema, type RiderDirections } from '@/domain/rider-directions';
import type { SayCheckout } from './checkout-messages';

type CheckoutField =
  'fullName' | 'email' | 'phone' | 'address' | 'deliveryWindow' | 'mpesaPhone' | keyof RiderDirections | keyof BuyerTaxDetails;
const FIELDS: readonly string[] = [
  'fullName',
  'email',
  'phone',
  'address',
  'deliveryWindow',
  'mpesaPhone',
  'building',
  'directions',
  'kraPin',
  'businessName',
];
export type Contact = Record<'fullName' | 'email' | 'phone', string>;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export type CheckedCheckout =
  | { ok: true; customer: CheckoutCustomerValues; rider: RiderDirections; buyerTax: BuyerTaxDetails }
  | { ok: false; errors: CheckoutErrors; message: string };

/**
 * emailOptional: the account signed in with a code by SMS and has no email, so its receipts go by SMS
 * and an email is optional.
 */
export function checkCheckout(
  contact: Contact,
  address: string,
  rider: RiderDirections,
  buyerTax: BuyerTaxDetails,
  emailOptional = false,
  pickup = false,
): CheckedCheckout {
  const schema = pickup
    ? emailOptional
      ? pickupPhoneCustomerCheckoutSchema
      : pickupCustomerCheckoutSchema
    : emailOptional
      ? phoneCustomerCheckoutSchema
      : checkoutCustomerSchema;
  const parsed = schema.safeParse({ ...contact, address: pickup ? '' : address });
  const riderParsed = riderDirectionsSchema.safeParse(rider);
  const taxParsed = buyerTaxSchema.safeParse(buyerTax);
  if (parsed.success && riderParsed.success && taxParsed.success)
    return { ok: true, customer: parsed.data, rider: riderParsed.data, buyerTax: taxParsed.data };
  const issues = [...(parsed.error?.issues ?? []), ...(riderParsed.error?.issues ?? []), ...(taxParsed.error?.issues ?? [])];
  const errors: CheckoutErrors = {};
  for (const issue of issues) errors[issue.path[0] as CheckoutField] ??= issue.message;
  return { ok: false, errors, message: issues[0]?.message ?? MESSAGES.checkoutRequired };
}

/** The fields checkout cannot go without, in the order they stand on the page, with their labels' keys and ids. */
const REQUIRED_FIELDS = [
  { field: 'fullName', label: 'fullName', id: 'checkout-name' },
  { field: 'email', label: 'email', id: 'checkout-email' },
  { field: 'phone', label: 'phoneNumber', id: 'checkout-phone' },
  { field: 'address', label: 'deliveryAddress', id: 'checkout-address' },
] as const;

export type RequiredCheckoutField = (typeof REQUIRED_FIELDS)[number];

/** The required fields still empty, in page order (the email only where it is required, the address only for a delivery). */
export function missingCheckoutFields(
  values: Record<RequiredCheckoutField['field'], string>,
  emailOptional = false,
  pickup = false,
): RequiredCheckoutField[] {
  return REQUIRED_FIELDS.filter(
    (f) => values[f.field].trim() === '' && !(emailOptional && f.field === 'email') && !(pickup && f.field === 'address'),
  );
}

/** 'Please fill in all required fields. Missing: Full Name and Delivery Address.', in the language `say` speaks. */
export function missingFieldsMessage(missing: readonly RequiredCheckoutField[], say: SayCheckout): string {
  const labels = missing.map((f) => say(f.label));
  const list = labels.length > 1 ? say('listAnd', { first: labels.slice(0, -1).join(', '), last: labels.at(-1)! }) : (labels[0] ?? '');
  return say('missingFields', { fields: list });
}

/** The server's field keys (customerInfo.fullName, deliveryInfo.address, buyerTax.kraPin) mapped to the form's. */
export function fieldErrorsFrom(fields: Record<string, string>): CheckoutErrors {
  const out: CheckoutErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const last = key.split('.').pop();
    if (last !== undefined && FIELDS.includes(last)) out[last as CheckoutField] ??= message;
  }
  return out;
}
