// Pay on delivery: the owner offers it per delivery zone (to everyone, or only to customers who have
// paid for an order before); the order is confirmed without payment and the rider collects the total
// at the door by an M-Pesa prompt, the customer's own M-Pesa payment (its code), or cash. The cash-up
// at the end of the day sets what each rider was due to collect against what they collected.
import { formatKES, type Cents } from './money';
import { shortOrderId } from './order-status';

export const PAY_ON_DELIVERY_CHOICES = ['off', 'everyone', 'returning'] as const;
export type PayOnDeliveryChoice = (typeof PAY_ON_DELIVERY_CHOICES)[number];

export const PAY_ON_DELIVERY_LABELS: Readonly<Record<PayOnDeliveryChoice, string>> = Object.freeze({
  off: 'Not offered',
  everyone: 'Everyone',
  returning: 'Customers with a paid order before',
});

/** How the rider took the money at the door. */
type DoorMethod = 'mpesa_code' | 'cash';

/** The payment method a door payment is recorded, reported and declared to KRA under. */
export const DOOR_PAYMENT_METHOD: Readonly<Record<DoorMethod, 'M-Pesa' | 'Cash'>> = Object.freeze({
  mpesa_code: 'M-Pesa',
  cash: 'Cash',
});

/** Open orders to pay on delivery one customer may have at once: a refused order costs a rider's trip. */
export const MAX_OPEN_PAY_ON_DELIVERY = 2;

/** Whether the zone's choice offers pay on delivery to this customer. */
export function offersPayOnDelivery(choice: PayOnDeliveryChoice, customer: { hasPaidOrder: boolean }): boolean {
  return choice === 'everyone' || (choice === 'returning' && customer.hasPaidOrder);
}

export const PAY_ON_DELIVERY_MESSAGES = {
  label: 'Pay on delivery (M-Pesa or cash to the rider)',
  notOffered: 'Pay on delivery is not offered for this address. Please pay now with M-Pesa or card.',
  returningOnly: 'Pay on delivery is for customers who have paid for an order with us before. Please pay now this time.',
  pickup: 'Pay on delivery is for orders we bring to you. Please pay now for an order you collect.',
  tooMany: `You already have ${MAX_OPEN_PAY_ON_DELIVERY} orders to pay on delivery. Please pay for one when it arrives, or pay now for this one.`,
  placeOrder: 'Confirm order',
  notConfirmed: (id: string) => `Order #${shortOrderId(id)} is not waiting to be paid on delivery.`,
  alreadyPaid: (id: string) => `Order #${shortOrderId(id)} is already paid.`,
  collectFirst: (totalCents: Cents) => `Collect ${formatKES(totalCents)} first, by M-Pesa or cash, then mark it delivered.`,
  codeUsed: 'This M-Pesa code has already paid another order. Check the code on the customer’s M-Pesa message.',
  refusedReason: 'Say why the customer did not take the order.',
} as const;

export interface CashUpOrder {
  totalCents: Cents;
  /** 'collected': paid at the door or by the rider's prompt; 'refused': cancelled unpaid; 'due': still to collect. */
  state: 'collected' | 'refused' | 'due';
  method: 'Cash' | 'M-Pesa' | null;
  /** What was collected (the payment's amount). */
  collectedCents: Cents;
}

export interface CashUpTotals {
  /** Everything the rider was to collect: every order not refused. */
  expectedCents: Cents;
  cashCents: Cents;
  mpesaCents: Cents;
  /** Expected and not collected yet. */
  outstandingCents: Cents;
  refused: number;
}

/** The rider's day in sums: expected against collected by cash and by M-Pesa. */
export function cashUpTotals(list: readonly CashUpOrder[]): CashUpTotals {
  let expectedCents = 0;
  let cashCents = 0;
  let mpesaCents = 0;
  let refused = 0;
  for (const o of list) {
    if (o.state === 'refused') {
      refused += 1;
      continue;
    }
    expectedCents += o.totalCents;
    if (o.state !== 'collected') continue;
    if (o.method === 'Cash') cashCents += o.collectedCents;
    else mpesaCents += o.collectedCents;
  }
  return { expectedCents, cashCents, mpesaCents, outstandingCents: Math.max(0, expectedCents - cashCents - mpesaCents), refused };
}

/** Cash handed in against cash collected: negative when the rider handed in less. */
export function cashDifference(cashCollectedCents: Cents, cashReceivedCents: Cents): Cents {
  return cashReceivedCents - cashCollectedCents;
}
