// The customer's SMS when the rider could not deliver: 'We could not deliver order #1a2b3c4d today.
// Pick a new time: <link>'. The link opens the page where she picks a new delivery window without
// signing in, so it must always be there: the shop's name gives way to it.
import { SMS_MAX_LENGTH, toGsm7 } from './order-sms';
import { shortOrderId } from './order-status';
import { shortShopName } from './short-shop-name';

/** The outbox step of the customer's 'could not deliver' SMS. */
export const DELIVERY_FAILED_STEP = 'delivery_failed';

/** The page a reschedule link opens: '/delivery/<token>'. */
const reschedulePath = (token: string) => `/delivery/${token}`;

export function deliveryFailedSms(input: { shopName: string; publicUrl: string; orderId: string; token: string }): string {
  const text = `We could not deliver order #${shortOrderId(input.orderId)} today. Pick a new time: ${input.publicUrl}${reschedulePath(input.token)}`;
  const room = SMS_MAX_LENGTH - text.length - 2;
  const name = toGsm7(shortShopName(input.shopName)).slice(0, Math.max(0, room)).trim();
  return name ? `${name}: ${text}` : text;
}
