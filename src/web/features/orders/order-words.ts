// The domain's words an order page shows (status names, progress steps, what packing made of a
// line, the 'If unavailable' choice), in the page's language: each has a catalogue entry keyed on
// the domain's code or step, whose English is the domain's word for word (order-words.test.ts).
import { formatKES } from '@/domain/money';
import type { IfUnavailable } from '@/domain/line-choices';
import { capitalize, isOrderStatus } from '@/domain/order-status';
import { formatWeighedKg, type PackedLine } from '@/domain/packed-line';
import type { OrderProgress } from '@/domain/order-progress';
import type { OrdersKey, SayOrders } from '@/web/i18n/orders-text';

/** progressSteps' steps, by the domain's (English) name. */
const STEP_KEYS: Readonly<Record<string, OrdersKey>> = {
  Paid: 'step_paid',
  'Being prepared': 'step_beingPrepared',
  'Out for delivery': 'step_outForDelivery',
  Delivered: 'step_delivered',
  'Ready for pick-up': 'step_readyForPickup',
  Collected: 'step_collected',
  'Pay on delivery': 'step_payOnDelivery',
};

type Ended = Extract<OrderProgress, { kind: 'ended' }>['label'];

/** How a cancelled order ended, by orderProgress's label. */
export const ENDED_KEYS: Readonly<Record<Ended, OrdersKey>> = {
  Cancelled: 'ended_cancelled',
  'Refund requested': 'ended_refundRequested',
  Refunded: 'ended_refunded',
};

/** A progress step in the page's language (a step the catalogue does not know, as the domain names it). */
export function stepText(step: string, say: SayOrders): string {
  const key = STEP_KEYS[step];
  return key ? say(key) : step;
}

/** The order's status as the customer reads it ('Completed'); an unknown status capitalised. */
export function statusText(status: string, say: SayOrders): string {
  return isOrderStatus(status) ? say(`statusLabel_${status}`) : capitalize(status);
}

/** 'If unavailable: call me'. */
export const ifUnavailableText = (choice: IfUnavailable, say: SayOrders): string => say(`ifUnavailable_${choice}`);

/** The line's packing in one short phrase ('Weighed 0.650 kg (about 0.700 kg ordered) · KES 95.00 back'); null when packed as ordered. */
export function packedLineText(p: PackedLine, say: SayOrders): string | null {
  const text =
    p.outcome === 'unavailable'
      ? say('packedUnavailable')
      : p.outcome === 'substituted'
        ? say('packedSubstituted', { substitute: p.substituteName ?? say('similarItem'), ordered: p.orderedName })
        : p.weighedGrams === null
          ? null
          : p.expectedGrams === null
            ? say('packedWeighed', { weight: formatWeighedKg(p.weighedGrams) })
            : say('packedWeighedAbout', { weight: formatWeighedKg(p.weighedGrams), expected: formatWeighedKg(p.expectedGrams) });
  if (text === null) return null;
  return p.refundCents > 0 ? say('packedBack', { text, amount: formatKES(p.refundCents) }) : text;
}
