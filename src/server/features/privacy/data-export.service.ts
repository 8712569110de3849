// 'Download my data' (Kenya's Data Protection Act 2019, access and portability): everything the shop
// keeps about the signed-in customer, as one JSON document. Every query is bounded by her account id,
// her orders' ids, or her own phone and email for messages about no order (sign-in codes and cart
// reminders only), so nothing of another customer can be in it. Money is integer cents.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CART_REMINDER_STEP } from '@/domain/saved-cart';
import { SIGN_IN_CODE_STEP } from '@/domain/phone-sign-in';
import type { DbOrTx } from '../../db/client';
import {
  knownDevices,
  orderItems,
  orders,
  outboundMail,
  outboundSms,
  paymentRefunds,
  paymentTransactions,
  profiles,
  savedCarts,
  session,
  user as users,
  dataRequests,
} from '../../db/schema';
import { accountEmail, consentHistory, newsletterSubscription } from '../consents/consents.service';

/** SMS about no order that are the customer's own (others, such as the owner's summaries, name other people). */
const OWN_SMS_STEPS = [SIGN_IN_CODE_STEP, CART_REMINDER_STEP];

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function accountPart(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({ id: users.id, name: users.name, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return { account, profile };
}

async function ordersPart(db: DbOrTx, userId: string) {
  const own = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const ids = own.map((o) => o.id);
  const lines = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.createdAt))
    : [];
  const attempts = ids.length
    ? await db
        .select()
        .from(paymentTransactions)
        .where(inArray(paymentTransactions.orderId, ids))
        .orderBy(asc(paymentTransactions.createdAt))
    : [];
  const attemptIds = attempts.map((a) => a.id);
  const refunds = attemptIds.length
    ? await db.select().from(paymentRefunds).where(inArray(paymentRefunds.transactionId, attemptIds)).orderBy(asc(paymentRefunds.createdAt))
    : [];
  return { own, ids, lines, attempts, refunds };
}

async function messagesPart(db: DbOrTx, orderIds: string[], phone: string | null, email: string | null, isCustomer: boolean) {
  const aboutHerOrders = (column: typeof outboundSms.orderId | typeof outboundMail.orderId) =>
    orderIds.length ? inArray(column, orderIds) : sql`false`;
  const sms = await db
    .select()
    .from(outboundSms)
    .where(
      or(
        aboutHerOrders(outboundSms.orderId),
        phone ? and(isNull(outboundSms.orderId), eq(outboundSms.to, phone), inArray(outboundSms.step, OWN_SMS_STEPS)) : undefined,
      ),
    )
    .orderBy(asc(outboundSms.createdAt));
  // Mail about no order to a staff member's address may be about the shop's customers: only a customer's own.
  const mail = await db
    .select()
    .from(outboundMail)
    .where(
      or(
        aboutHerOrders(outboundMail.orderId),
        email && isCustomer ? and(isNull(outboundMail.orderId), eq(sql`lower(${outboundMail.to})`, email.toLowerCase())) : undefined,
      ),
    )
    .orderBy(asc(outboundMail.createdAt));
  return { sms, mail };
}

async function signInsPart(db: DbOrTx, userId: string) {
  const sessions = await db.select().from(session).where(eq(session.userId, userId)).orderBy(asc(session.createdAt));
  const devices = await db.select().from(knownDevices).where(eq(knownDevices.userId, userId)).orderBy(asc(knownDevices.createdAt));
  return { sessions, devices };
}

/** The addresses she has given: her profile's, and each order's delivery address (once each). */
function addressesOf(profileAddress: string | null, own: (typeof orders.$inferSelect)[]) {
  const seen = new Map<
    string,
    { address: string; building: string | null; directions: string | null; lastUsedAt: string | null; from: string }
  >();
  if (profileAddress)
    seen.set(profileAddress, { address: profileAddress, building: null, directions: null, lastUsedAt: null, from: 'profile' });
  for (const o of own) {
    if (o.fulfilmentMethod !== 'delivery' || !o.deliveryAddress) continue;
    const key = [o.deliveryAddress, o.deliveryBuilding ?? '', o.deliveryDirections ?? ''].join('\n');
    seen.set(key, {
      address: o.deliveryAddress,
      building: o.deliveryBuilding,
      directions: o.deliveryDirections,
      lastUsedAt: o.createdAt.toISOString(),
      from: 'order',
    });
  }
  return [...seen.values()];
}

export type DataExport = Awaited<ReturnType<typeof collectDataExport>>;

/** Everything kept about the account, as the JSON file gives it. */
export async function collectDataExport(db: DbOrTx, userId: string, at: Date) {
  const { account, profile } = await accountPart(db, userId);
  const email = await accountEmail(db, userId);
  const phone = profile?.phone ?? null;
  const { own, ids, lines, attempts, refunds } = await ordersPart(db, userId);
  const { sms, mail } = await messagesPart(db, ids, phone, email, (profile?.role ?? 'customer') === 'customer');
  const { sessions, devices } = await signInsPart(db, userId);
  const [cart] = await db.select().from(savedCarts).where(eq(savedCarts.userId, userId));
  const newsletter = email ? await newsletterSubscription(db, email) : null;
  const requests = await db.select().from(dataRequests).where(eq(dataRequests.userId, userId)).orderBy(asc(dataRequests.requestedAt));
  return {
    exportedAt: at.toISOString(),
    about: 'Everything the shop keeps about your account. Amounts are in cents (1/100 of a shilling, KES).',
    account: account
      ? { id: account.id, email, name: account.name, emailVerified: account.emailVerified, createdAt: account.createdAt.toISOString() }
      : null,
    profile: profile
      ? {
          fullName: profile.fullName,
          email,
          phone: profile.phone,
          address: profile.address,
          language: profile.locale,
          kraPin: profile.kraPin,
          businessName: profile.businessName,
          smsUpdates: profile.smsUpdates,
          smsUpdatesChosenAt: iso(profile.smsUpdatesAt),
          cartReminders: profile.cartReminders,
          cartRemindersChosenAt: iso(profile.cartRemindersAt),
          usualDeliveryWindow:
            profile.preferredWindowStart != null
              ? { startMinute: profile.preferredWindowStart, endMinute: profile.preferredWindowEnd }
              : null,
          createdAt: profile.createdAt.toISOString(),
          updatedAt: profile.updatedAt.toISOString(),
        }
      : null,
    addresses: addressesOf(profile?.address ?? null, own),
    orders: own.map((o) => ({
      id: o.id,
      placedAt: o.createdAt.toISOString(),
      status: o.status,
      fulfilmentStatus: o.fulfilmentStatus,
      fulfilmentMethod: o.fulfilmentMethod,
      language: o.locale,
      customerName: o.customerName,
      customerEmail: o.customerEmail,
      customerPhone: o.customerPhone,
      deliveryAddress: o.deliveryAddress,
      deliveryBuilding: o.deliveryBuilding,
      deliveryDirections: o.deliveryDirections,
      deliveryZone: o.deliveryZoneName,
      note: o.customerNote,
      smsUpdates: o.smsUpdates,
      buyerKraPin: o.buyerKraPin,
      buyerBusinessName: o.buyerBusinessName,
      currency: o.currency,
      subtotalCents: o.subtotal,
      vatCents: o.vat,
      deliveryFeeCents: o.deliveryFee,
      smallOrderFeeCents: o.smallOrderFee,
      discountCents: o.discountTotal,
      promotionCode: o.promotionCode,
      totalCents: o.totalAmount,
      paymentStatus: o.paymentStatus,
      payOnDelivery: o.payOnDelivery,
      paidAt: iso(o.paidAt),
      cancelledReason: o.cancelledReason,
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          product: l.productName,
          variant: l.variantName,
          quantity: l.quantity,
          unitPriceCents: l.unitPrice,
          lineTotalCents: l.lineTotal,
          discountCents: l.discount,
          taxBand: l.taxBand,
          ifUnavailable: l.ifUnavailable,
          note: l.customerNote,
          packingOutcome: l.packingOutcome,
          weighedGrams: l.weighedGrams,
          substitute: l.substituteName,
          packingRefundCents: l.packingRefund,
        })),
    })),
    payments: {
      attempts: attempts.map((a) => ({
        orderId: a.orderId,
        provider: a.provider,
        status: a.status,
        amountCents: a.amount,
        currency: a.currency,
        reference: a.merchantReference,
        confirmationCode: a.confirmationCode,
        method: a.paymentMethod,
        phone: a.mpesaPhone ?? a.customerPhone,
        createdAt: a.createdAt.toISOString(),
        updatedAt: a.updatedAt.toISOString(),
      })),
      refunds: refunds.map((r) => ({
        orderId: attempts.find((a) => a.id === r.transactionId)?.orderId ?? null,
        amountCents: r.amount,
        method: r.method,
        kind: r.kind,
        status: r.status,
        mpesaCode: r.mpesaCode,
        reason: r.remarks,
        createdAt: r.createdAt.toISOString(),
        settledAt: iso(r.settledAt),
      })),
    },
    sms: sms.map((m) => ({
      to: m.to,
      orderId: m.orderId,
      about: m.step,
      message: m.message,
      status: m.status,
      deliveryStatus: m.deliveryStatus,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    mail: mail.map((m) => ({
      to: m.to,
      orderId: m.orderId,
      subject: m.subject,
      text: m.text,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    consents: (await consentHistory(db, userId, email, phone)).map((c) => ({
      kind: c.kind,
      granted: c.granted,
      source: c.source,
      at: c.createdAt.toISOString(),
    })),
    newsletter: newsletter && email ? { email, subscribedAt: newsletter.createdAt.toISOString() } : null,
    signIns: {
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.updatedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
      knownDevices: devices.map((d) => ({
        firstSeenAt: d.createdAt.toISOString(),
        lastSeenAt: d.lastSeenAt.toISOString(),
        revokedAt: iso(d.revokedAt),
      })),
    },
    savedCart: cart ? { lines: cart.lines, valueCents: cart.value, updatedAt: cart.updatedAt.toISOString() } : null,
    dataRequests: requests.map((r) => ({ kind: r.kind, requestedAt: r.requestedAt.toISOString(), completedAt: iso(r.completedAt) })),
  };
}
