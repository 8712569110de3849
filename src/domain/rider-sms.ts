// The SMS a rider gets when stops are assigned to them: how many, each stop's order number and
// area in route order (as many as fit), and the link to their list. One GSM-7 SMS.
import { isGsm7, SMS_MAX_LENGTH, toGsm7 } from './order-sms';
import { shortOrderId } from './order-status';

/** The outbox step of a rider's stops SMS (beside the customer's order steps). */
export const RIDER_STOPS_STEP = 'rider_stops';

export function riderStopsSms(input: { shopName: string; publicUrl: string; stops: readonly { orderId: string; area: string }[] }): string {
  const count = input.stops.length;
  const head = toGsm7(`${input.shopName.trim().slice(0, 30)}: ${count} ${count === 1 ? 'stop' : 'stops'} for you.`);
  const link = `${input.publicUrl}/admin/rider`;
  const tail = isGsm7(link) && link.length < 80 ? ` ${link}` : '';
  let list = '';
  for (const [i, s] of input.stops.entries()) {
    const item = toGsm7(` ${i + 1}) #${shortOrderId(s.orderId)} ${s.area.split(',')[0]!.trim().slice(0, 24)}`);
    const more = i + 1 < count ? ` +${count - i - 1} more` : '';
    if ((head + list + item + more + tail).length > SMS_MAX_LENGTH) {
      list += ` +${count - i} more`;
      break;
    }
    list += item;
  }
  return (head + list + tail).slice(0, SMS_MAX_LENGTH);
}
