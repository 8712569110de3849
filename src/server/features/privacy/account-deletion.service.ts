// A customer deletes her account (Data Protection Act 2019, s. 40): her personal data is erased or
// anonymised everywhere at once, in one transaction. Orders, payments, refunds, tax invoices and stock
// stay with their amounts (the Tax Procedures Act keeps them), with placeholders for her details.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETED_ADDRESS,
  DELETED_NAME,
  DELETED_PHONE,
  deletedEmail,
  isOpenOrder,
  phoneForms,
} from '@/domain/account-deletion';
import type { Env } from '../../env';
import type { Db, Tx } from '../../db/client';
import {
  account,
  auditLogs,
  authThrottle,
  consents,
  contactMessages,
  dataRequests,
  knownDevices,
  newsletterSubscriptions,
  orderItems,
  orders,
  outboundMail,
  outboundSms,
  paymentNotifications,
  paymentRefunds,
  paymentTransactions,
  pendingEmails,
  profiles,
  savedCarts,
  session,
  taxInvoices,
  user,
  verification,
} from '../../db/schema';
import { DomainError, forbidden, notFound } from '../../errors';
import { eraseInAudit } from '../../infra/audit-log';
import { lockAttemptsOf } from '../payments/attempt-writes';
import { blankedJson, blankedText, jsonHolds, personalPattern, REMOVED, textHolds } from './personal-data-pattern';

export interface AccountDeletionDeps {
  db: Db;
  env: Pick<Env, 'PRIVACY_KEEP_DELIVERY_ADDRESS'>;
  now: () => Date;
}

interface Identity {
  emails: string[];
  phones: string[];
  names: string[];
  orderIds: string[];
}

/** Erases the account `userId`; refused (nothing changed) while one of her orders is open. */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string): Promise<void> {
  const requestedAt = deps.now();
  await deps.db.transaction(async (tx) => {
    const who = await identityOf(tx, userId);
    await eraseAccount(tx, userId, who);
    await anonymiseOrders(tx, userId, who, deps.env.PRIVACY_KEEP_DELIVERY_ADDRESS);
    await eraseTraces(tx, userId, who);
    // The log names the account by its id only, so it outlives the deletion (migration 0058).
    await tx.insert(dataRequests).values({ userId, kind: 'deletion', requestedAt, completedAt: deps.now(), details: {} });
  });
}

/** Everything that identifies her, read under a lock on her account (two deletions never interleave). */
async function identityOf(tx: Tx, userId: string): Promise<Identity> {
  const [u] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
  if (!u) throw notFound('No such account.');
  const [p] = await tx.select().from(profiles).where(eq(profiles.id, userId));
  if (p && p.role !== 'customer') throw forbidden(ACCOUNT_DELETION_MESSAGES.staff);
  const own = await tx
    .select({
      id: orders.id,
      status: orders.status,
      fulfilmentStatus: orders.fulfilmentStatus,
      paymentStatus: orders.paymentStatus,
      name: orders.customerName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.createdAt);
  const open = own.find(isOpenOrder);
  if (open) throw new DomainError('conflict', 'ORDER_OPEN', ACCOUNT_DELETION_MESSAGES.openOrder(open.id));
  const pending = await tx.select({ email: pendingEmails.email }).from(pendingEmails).where(eq(pendingEmails.userId, userId));
  const ids = own.map((o) => o.id);
  const payPhones = ids.length
    ? await tx
        .select({ a: paymentTransactions.customerPhone, b: paymentTransactions.mpesaPhone })
        .from(paymentTransactions)
        .where(inArray(paymentTransactions.orderId, ids))
    : [];
  const emails = [u.email, ...pending.map((e) => e.email), ...own.map((o) => o.email)].map((e) => e.trim().toLowerCase());
  const rawPhones = [u.phoneNumber, p?.phone, ...own.map((o) => o.phone), ...payPhones.flatMap((r) => [r.a, r.b])];
  return {
    emails: [...new Set(emails.filter((e) => e !== '' && !e.endsWith('@invalid')))],
    phones: [...new Set(rawPhones.flatMap((ph) => phoneForms(ph)))],
    names: [...new Set([u.name, p?.fullName ?? '', ...own.map((o) => o.name)].filter((n) => n.trim() !== '' && n !== DELETED_NAME))],
    orderIds: ids,
  };
}

/** The account itself: no way to sign in again (no password, phone, Google link or session). */
async function eraseAccount(tx: Tx, userId: string, who: Identity) {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
  await tx.delete(savedCarts).where(eq(savedCarts.userId, userId));
  await tx.delete(pendingEmails).where(eq(pendingEmails.userId, userId));
  await tx
    .update(user)
    .set({
      name: DELETED_NAME,
      email: deletedEmail(userId),
      emailVerified: false,
      image: null,
      phoneNumber: null,
      phoneNumberVerified: null,
    })
    .where(eq(user.id, userId));
  await tx
    .update(profiles)
    .set({
      fullName: '',
      phone: null,
      address: null,
      kraPin: null,
      businessName: null,
      smsUpdates: false,
      cartReminders: false,
      preferredWindowStart: null,
      preferredWindowEnd: null,
    })
    .where(eq(profiles.id, userId));
  const pattern = personalPattern([...who.emails, ...who.phones, userId]);
  if (pattern) {
    await tx.delete(verification).where(or(textHolds(verification.identifier, pattern), textHolds(verification.value, pattern)));
    await tx.delete(authThrottle).where(textHolds(authThrottle.key, pattern));
  }
}

/**
 * Her orders keep their number, lines, amounts and tax invoice; her name, phone, email, notes and
 * (unless the shop keeps it) street address give way to placeholders. A business buyer's PIN and
 * name stay only on an order a tax invoice was issued for.
 */
async function anonymiseOrders(tx: Tx, userId: string, who: Identity, keepAddress: boolean) {
  if (who.orderIds.length === 0) return;
  const invoiced = sql`exists (select 1 from ${taxInvoices} where ${taxInvoices.orderId} = ${orders.id})`;
  const pattern = personalPattern([...who.names, ...who.emails, ...who.phones]);
  const contacts = personalPattern([...who.emails, ...who.phones]);
  const reasons = pattern
    ? {
        cancelledReason: blankedText(orders.cancelledReason, pattern),
        attentionReason: blankedText(orders.attentionReason, pattern),
        deliveryFailedReason: blankedText(orders.deliveryFailedReason, pattern),
      }
    : {};
  await tx
    .update(orders)
    .set({
      customerName: DELETED_NAME,
      // Empty, as a phone-only guest's: no mail or SMS is ever queued for these orders again.
      customerEmail: '',
      customerPhone: DELETED_PHONE,
      smsUpdates: false,
      customerNote: '',
      ...(keepAddress ? {} : { deliveryAddress: DELETED_ADDRESS, deliveryBuilding: null, deliveryDirections: null }),
      ...(keepAddress ? {} : { deliveryLatitude: null, deliveryLongitude: null }),
      buyerKraPin: sql`case when ${invoiced} then ${orders.buyerKraPin} end`,
      buyerBusinessName: sql`case when ${invoiced} then ${orders.buyerBusinessName} end`,
      ...reasons,
    })
    .where(eq(orders.userId, userId));
  await tx.update(orderItems).set({ customerNote: '' }).where(inArray(orderItems.orderId, who.orderIds));
  // Through each order's attempt writer (its lock is already this transaction's: the order was just updated).
  for (const orderId of who.orderIds)
    await (await lockAttemptsOf(tx, orderId)).update({ customerPhone: null, customerPhoneDisplay: null, mpesaPhone: null });
  if (!pattern || !contacts) return;
  // The stored copy of each invoice loses her phone and email (the receipt's custMblNo); a consumer
  // invoice also her name (custNm). A business invoice keeps the buyer's name as issued to KRA.
  const business = sql`${taxInvoices.request}->>'custTin' is not null`;
  await tx
    .update(taxInvoices)
    .set({
      request: sql`case when ${business} then ${blankedJson(taxInvoices.request, contacts)} else ${blankedJson(taxInvoices.request, pattern)} end`,
    })
    .where(and(inArray(taxInvoices.orderId, who.orderIds), jsonHolds(taxInvoices.request, pattern)));
  // Staff's words about her orders and refunds (a reason, a remark) keep their meaning without her name.
  const refunds = tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, who.orderIds));
  await tx
    .update(paymentRefunds)
    .set({ remarks: blankedText(paymentRefunds.remarks, pattern) })
    .where(and(inArray(paymentRefunds.transactionId, refunds), textHolds(paymentRefunds.remarks, pattern)));
  // Payment notices (an M-Pesa callback carries the paying phone): those of her payments, or naming
  // her email or phone. Her name alone is looked for only there, never across other customers' notices.
  const mine = tx
    .select({ ref: paymentTransactions.merchantReference })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, who.orderIds));
  const tracking = tx
    .select({ id: paymentTransactions.pesapalTrackingId })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, who.orderIds));
  await tx
    .update(paymentNotifications)
    .set({ raw: blankedJson(paymentNotifications.raw, pattern) })
    .where(
      and(
        jsonHolds(paymentNotifications.raw, pattern),
        or(
          jsonHolds(paymentNotifications.raw, contacts),
          inArray(paymentNotifications.merchantReference, mine),
          inArray(paymentNotifications.trackingId, tracking),
        ),
      ),
    );
}

/** Messages, consents, subscriptions and log entries that name her. */
async function eraseTraces(tx: Tx, userId: string, who: Identity) {
  const emailIn = (c: AnyPgColumn) => (who.emails.length ? inArray(sql`lower(${c})`, who.emails) : sql`false`);
  const phoneIn = (c: AnyPgColumn) => (who.phones.length ? inArray(c, who.phones) : sql`false`);
  await tx.delete(consents).where(or(eq(consents.userId, userId), emailIn(consents.email), phoneIn(consents.phone)));
  await tx.delete(newsletterSubscriptions).where(emailIn(newsletterSubscriptions.email));
  await tx.delete(contactMessages).where(or(eq(contactMessages.userId, userId), emailIn(contactMessages.email)));
  const ofOrders = (c: AnyPgColumn) => (who.orderIds.length ? inArray(c, who.orderIds) : sql`false`);
  await tx.delete(outboundSms).where(or(phoneIn(outboundSms.to), ofOrders(outboundSms.orderId)));
  const mailPattern = personalPattern(who.emails);
  await tx
    .delete(outboundMail)
    .where(or(ofOrders(outboundMail.orderId), mailPattern ? textHolds(outboundMail.to, mailPattern) : sql`false`));
  const pattern = personalPattern([...who.names, ...who.emails, ...who.phones]);
  const contacts = personalPattern([...who.emails, ...who.phones]);
  if (pattern && contacts) {
    // The entry stays (who did what, when); what named her inside it goes. Her name alone is looked
    // for only in entries about her account or orders, or naming her email or phone: a common name
    // must not blank other customers' entries.
    const about = or(
      inArray(auditLogs.recordId, [userId, ...who.orderIds]),
      jsonHolds(auditLogs.details, contacts),
      textHolds(auditLogs.recordId, contacts),
    );
    await eraseInAudit(tx, (t) => ({
      set: { details: blankedJson(t.details, pattern) },
      where: and(jsonHolds(t.details, pattern), about),
    }));
    await eraseInAudit(tx, (t) => ({ set: { recordId: REMOVED }, where: textHolds(t.recordId, contacts) }));
  }
  await eraseInAudit(tx, (t) => ({ set: { ipAddress: null }, where: and(eq(t.userId, userId), sql`${t.ipAddress} is not null`) }));
}
