// Account deletion's pure rules: what the customer must type, which orders still block it, what
// stands in for her details, and every written form of her phone number (so none is left behind).
import { z } from 'zod';
import { shortOrderId, type FulfilmentStatus, type OrderStatus, type PaymentStatus } from './order-status';

/** The word the customer types to confirm: works for every sign-in kind (password, SMS code, Google). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const ACCOUNT_DELETION_MESSAGES = {
  confirm: `Type ${DELETE_CONFIRMATION_WORD} to confirm.`,
  deleted:
    'Your account and personal details have been deleted. Tax records of your past orders are kept without your name, phone or email.',
  openOrder: (orderId: string) =>
    `Your order #${shortOrderId(orderId)} is still open. You can delete your account once it is delivered or cancelled.`,
  staff: 'A staff account cannot be deleted here. Ask the shop owner to change your role first.',
} as const;

export const accountDeletionSchema = z.object({
  confirm: z
    .string()
    .max(20)
    .refine((v) => v.trim() === DELETE_CONFIRMATION_WORD, ACCOUNT_DELETION_MESSAGES.confirm),
});

/** What replaces the customer's details on the records that are kept. */
export const DELETED_NAME = 'Deleted customer';
export const DELETED_PHONE = '';
export const DELETED_ADDRESS = 'Address removed';
/** An address no one can receive mail at (.invalid is reserved), unique per account. */
export const deletedEmail = (userId: string) => `deleted-${userId.toLowerCase()}@invalid`;

/** Whether the account's email is the one its deletion gave it: the account is gone. */
export const isDeletedAccount = (userId: string, email: string) => email === deletedEmail(userId);

interface OrderState {
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentStatus: PaymentStatus | null;
}

/**
 * Still open: paid ('completed') or to be paid at the door ('confirmed') and not yet delivered, a
 * refund being decided, or a payment still in flight. Failed, cancelled and delivered orders are closed.
 */
export function isOpenOrder(o: OrderState): boolean {
  if (o.status === 'refund_requested') return true;
  if (o.status === 'confirmed' || o.status === 'completed') return o.fulfilmentStatus !== 'delivered';
  if (o.status === 'pending') return o.paymentStatus === 'PENDING';
  return false;
}

/**
 * The ways a Kenyan number is written in messages, logs and keys: '+254712345678' gives
 * '+254712345678', '254712345678', '0712345678', '0712 345 678' and '+254 712 345 678'.
 */
export function phoneForms(e164: string | null | undefined): string[] {
  if (!e164) return [];
  const m = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(e164);
  if (!m) return [e164, e164.replace(/^\+/, '')];
  const [, a, b, c] = m;
  return [e164, `254${a}${b}${c}`, `0${a}${b}${c}`, `0${a} ${b} ${c}`, `+254 ${a} ${b} ${c}`];
}
