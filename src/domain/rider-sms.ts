// The SMS a rider gets. Their list: every stop assigned to them and not yet delivered, in route
// order, one short line each ('1) #1a2b3c4d 10:00-12:00 Kilimani'), sent again whole whenever it
// changes, so the last SMS is always the whole list. And a notice when a stop leaves the list
// without being delivered (cancelled, refunded, given to someone else): 'do not deliver'. Each SMS
// keeps to one message of the GSM 7-bit alphabet (160 characters; 70 when a name needs Unicode):
// the shop by its short name, the link to the rider's page only where it fits, and a longer list
// split into numbered parts, never cut.
import { isGsm7, SMS_MAX_LENGTH, toGsm7 } from './order-sms';
import { shortOrderId } from './order-status';
import { shortShopName } from './short-shop-name';
import { nairobiDayStart } from './nairobi-days';
import { nairobiParts } from './peak-hours';

/** The outbox step of a rider's list of stops (beside the customer's order steps). */
export const RIDER_STOPS_STEP = 'rider_stops';
/** The outbox step of a notice that stops left a rider's list: not to be delivered. */
export const RIDER_STOPS_OFF_STEP = 'rider_stops_off';

/** One Unicode SMS: a character outside the GSM alphabet halves the room and more. */
const UNICODE_SMS_MAX_LENGTH = 70;
const SHOP_NAME_ROOM = 30;
const AREA_ROOM = 20;
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface RiderListStop {
  orderId: string;
  /** The Nairobi date of its slot, 'YYYY-MM-DD'. */
  day: string;
  /** '10:00–12:00' (its window), or 'around 14:05'. */
  time: string;
  /** Expected on an earlier day and still not delivered. */
  late: boolean;
  /** The address as typed: its first part names the area ('Kilimani, Nairobi' → 'Kilimani'). */
  address: string;
}

/** When, as short as a rider reads it: the time today, the weekday and time another day, 'late'. */
export function stopWhen(stop: Pick<RiderListStop, 'day' | 'time' | 'late'>, today: string): string {
  if (stop.late) return 'late';
  if (stop.day === today) return stop.time;
  return `${SHORT_DAYS[nairobiParts(nairobiDayStart(stop.day)).weekday]} ${stop.time}`;
}

/** '#1a2b3c4d 10:00–12:00 Kilimani'. */
export function riderStopLine(stop: RiderListStop, today: string): string {
  const area = stop.address.split(',')[0]!.trim().slice(0, AREA_ROOM).trim();
  return [`#${shortOrderId(stop.orderId)}`, stopWhen(stop, today), area].filter(Boolean).join(' ');
}

/** The shop as its riders know it, short ('Lake Victoria'), so three stops fit one SMS. */
const shopLabel = (shopName: string) => toGsm7(shortShopName(shopName)).slice(0, SHOP_NAME_ROOM).trim();

/**
 * Words into as few SMS as they fit, each '<head> <word> <word> …'. The head names the part when
 * there are several ('(2/3)'); a word is never split.
 */
function packSms(head: (part: number, parts: number) => string, words: readonly string[], tail = ''): string[] {
  const limit = isGsm7([head(1, 1), ...words].join(' ')) ? SMS_MAX_LENGTH : UNICODE_SMS_MAX_LENGTH;
  const pack = (parts: number): string[][] => {
    const out: string[][] = [];
    let current: string[] = [];
    for (const word of words) {
      const text = [head(out.length + 1, parts), ...current, word].join(' ');
      if (current.length > 0 && text.length > limit) {
        out.push(current);
        current = [word];
      } else current.push(word);
    }
    if (current.length > 0 || out.length === 0) out.push(current);
    return out;
  };
  // Numbering the parts lengthens each head, which may need another part: pack until it holds.
  let parts = 1;
  let packed = pack(parts);
  while (packed.length > parts) {
    parts = packed.length;
    packed = pack(parts);
  }
  const texts = packed.map((group, i) => [head(i + 1, packed.length), ...group].join(' ').slice(0, limit));
  // The tail (a link) ends the last part when there is room for it; it never costs a part.
  const last = texts.length - 1;
  if (tail && isGsm7(tail) && `${texts[last]} ${tail}`.length <= limit) texts[last] = `${texts[last]} ${tail}`;
  return texts;
}

/** The rider's whole list, in the order given (route order), with the link to their page when it fits. */
export function riderStopsSms(input: {
  shopName: string;
  publicUrl: string;
  /** Today in Nairobi, 'YYYY-MM-DD': another day's stop says its weekday. */
  today: string;
  stops: readonly RiderListStop[];
}): string[] {
  const name = shopLabel(input.shopName);
  const count = input.stops.length;
  const noun = count === 1 ? 'stop' : 'stops';
  const words = input.stops.map((s, i) => toGsm7(`${i + 1}) ${riderStopLine(s, input.today)}`));
  const head = (part: number, parts: number) =>
    part === 1 ? `${name}: ${count} ${noun} for you${parts > 1 ? ` (1/${parts})` : ''}:` : `${name} (${part}/${parts}):`;
  return packSms(head, words, `${input.publicUrl}/admin/rider`);
}

export type StopsOffReason = 'cancelled' | 'refunded' | 'unassigned' | 'moved';

const ONE_STOP_OFF: Readonly<Record<StopsOffReason, string>> = {
  cancelled: 'is cancelled - do not deliver.',
  refunded: 'is cancelled for a refund - do not deliver.',
  unassigned: 'was taken off your list - do not deliver.',
  moved: 'was moved to another day - do not deliver it now.',
};

const STOPS_OFF: Readonly<Record<StopsOffReason, string>> = {
  cancelled: 'Stops cancelled - do not deliver',
  refunded: 'Stops cancelled for a refund - do not deliver',
  unassigned: 'Stops taken off your list - do not deliver',
  moved: 'Stops moved to another day - do not deliver them now',
};

/** 'Stop #1a2b3c4d is cancelled - do not deliver.'; several stops in one notice (split when long). */
export function riderStopsOffSms(input: { shopName: string; orderIds: readonly string[]; reason: StopsOffReason }): string[] {
  const name = shopLabel(input.shopName);
  const refs = input.orderIds.map((id) => `#${shortOrderId(id)}`);
  if (refs.length === 1) return [`${name}: Stop ${refs[0]} ${ONE_STOP_OFF[input.reason]}`];
  const head = (part: number, parts: number) => `${name}: ${STOPS_OFF[input.reason]}${parts > 1 ? ` (${part}/${parts})` : ''}:`;
  return packSms(head, refs);
}
