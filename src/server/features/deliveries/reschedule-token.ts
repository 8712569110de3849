// The reschedule link's token: the order and the moment its delivery failed, signed with the
// server's secret (HMAC-SHA256, cut to 12 bytes), base64url: 43 characters, so the link fits the
// customer's SMS. It names one failed attempt: once the order is given a new window (the failure
// cleared) or fails again (a new link is sent), this one no longer moves anything. It expires
// RESCHEDULE_LINK_DAYS after the failure. Nothing is stored: the order row is the state.
import { createHmac, timingSafeEqual } from 'node:crypto';

const RESCHEDULE_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const ID_BYTES = 16;
const TIME_BYTES = 4;
const MAC_BYTES = 12;

export interface RescheduleClaim {
  orderId: string;
  /** When the delivery failed, to the second. */
  failedAt: Date;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

function mac(secret: string, body: Buffer): Buffer {
  if (!secret) throw new Error('AUTH_SECRET is not set: reschedule links cannot be signed');
  return createHmac('sha256', secret).update('delivery-reschedule|').update(body).digest().subarray(0, MAC_BYTES);
}

export function signReschedule(secret: string, claim: RescheduleClaim): string {
  const body = Buffer.alloc(ID_BYTES + TIME_BYTES);
  uuidBytes(claim.orderId).copy(body, 0);
  body.writeUInt32BE(Math.floor(claim.failedAt.getTime() / 1000), ID_BYTES);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The token's claim when this server signed it and it has not expired at `now`; else why not. */
export function readReschedule(
  secret: string,
  token: string,
  now: Date,
): { ok: true; claim: RescheduleClaim } | { ok: false; reason: 'invalid' | 'expired' } {
  const raw = /^[A-Za-z0-9_-]{43}$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (raw.length !== ID_BYTES + TIME_BYTES + MAC_BYTES) return { ok: false, reason: 'invalid' };
  const body = raw.subarray(0, ID_BYTES + TIME_BYTES);
  if (!timingSafeEqual(raw.subarray(ID_BYTES + TIME_BYTES), mac(secret, body))) return { ok: false, reason: 'invalid' };
  const failedAt = new Date(body.readUInt32BE(ID_BYTES) * 1000);
  if (now.getTime() > failedAt.getTime() + RESCHEDULE_LINK_DAYS * DAY_MS) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { orderId: uuidText(body.subarray(0, ID_BYTES)), failedAt } };
}
