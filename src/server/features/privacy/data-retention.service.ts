// Storage limitation (Data Protection Act 2019, s. 39): the retention job deletes what the shop no
// longer needs once its settable period has passed (docs/privacy.md). One transaction per run, so two
// instances running at once delete each row once; the job's advisory lock spares the second the work.
import { and, inArray, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm';
import { retentionCutoffs } from '@/domain/data-retention';
import { DELETED_ADDRESS } from '@/domain/account-deletion';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { DEVICE_COOKIE_MAX_AGE_S } from '../../auth/known-device';
import {
  authThrottle,
  knownDevices,
  orders,
  outboundMail,
  outboundSms,
  pendingEmails,
  savedCarts,
  session,
  taxInvoices,
  user,
  verification,
} from '../../db/schema';
import { eraseInAudit } from '../../infra/audit-log';

/** Outbox rows that will never be sent again: a queued or failed one is still waiting and stays. */
const FINISHED = ['sent', 'abandoned', 'stored'];

export interface RetentionCounts {
  verifications: number;
  sessions: number;
  devices: number;
  sms: number;
  mail: number;
  savedCarts: number;
  auditDetails: number;
  taxRecords: number;
}

/** One pass of the retention job; how many rows of each kind it deleted or blanked. */
export async function pruneExpiredData(ctx: Pick<ServerContext, 'db' | 'env' | 'now'>): Promise<RetentionCounts> {
  const cut = retentionCutoffs(ctx.now(), {
    verificationDays: ctx.env.RETENTION_VERIFICATION_DAYS,
    sessionDays: ctx.env.RETENTION_SESSION_DAYS,
    messageDays: ctx.env.RETENTION_MESSAGE_DAYS,
    savedCartDays: ctx.env.RETENTION_SAVED_CART_DAYS,
    auditDetailDays: ctx.env.RETENTION_AUDIT_DETAIL_DAYS,
    taxRecordYears: ctx.env.PRIVACY_TAX_RECORDS_YEARS,
  });
  const now = ctx.now();
  const deviceCut = new Date(cut.session.getTime() - DEVICE_COOKIE_MAX_AGE_S * 1000);
  return ctx.db.transaction(async (tx) => {
    const count = (rows: unknown[]) => rows.length;
    const verifications =
      count(await tx.delete(verification).where(lt(verification.expiresAt, cut.verification)).returning({ id: verification.id })) +
      count(await tx.delete(pendingEmails).where(lt(pendingEmails.expiresAt, cut.verification)).returning({ id: pendingEmails.codeHash }));
    const sessions = count(await tx.delete(session).where(lt(session.expiresAt, cut.session)).returning({ id: session.id }));
    await tx
      .delete(authThrottle)
      .where(and(lt(authThrottle.windowStartedAt, cut.session), or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now))));
    const devices = count(await tx.delete(knownDevices).where(lt(knownDevices.lastSeenAt, deviceCut)).returning({ id: knownDevices.id }));
    const sms = count(
      await tx
        .delete(outboundSms)
        .where(and(inArray(outboundSms.status, FINISHED), lt(sql`coalesce(${outboundSms.sentAt}, ${outboundSms.createdAt})`, cut.message)))
        .returning({ id: outboundSms.id }),
    );
    const mail = count(
      await tx
        .delete(outboundMail)
        .where(
          and(inArray(outboundMail.status, FINISHED), lt(sql`coalesce(${outboundMail.sentAt}, ${outboundMail.createdAt})`, cut.message)),
        )
        .returning({ id: outboundMail.id }),
    );
    const carts = count(await tx.delete(savedCarts).where(lt(savedCarts.updatedAt, cut.savedCart)).returning({ id: savedCarts.userId }));
    // The entry stays (who did what, when); its details and the address it came from go.
    const auditDetails = await eraseInAudit(tx, (t) => ({
      set: { details: null, ipAddress: null },
      where: and(lt(t.createdAt, cut.auditDetail), or(isNotNull(t.details), isNotNull(t.ipAddress))),
    }));
    return {
      verifications,
      sessions,
      devices,
      sms,
      mail,
      savedCarts: carts,
      auditDetails,
      taxRecords: await expireTaxRecords(tx, cut.taxRecord),
    };
  });
}

/**
 * A deleted customer's orders past the tax records' period lose what the tax law alone kept: the
 * business PIN and name, and the delivery address when the shop kept it. Amounts never change.
 */
async function expireTaxRecords(tx: Tx, before: Date): Promise<number> {
  const deleted = tx.select({ id: user.id }).from(user).where(like(user.email, 'deleted-%@invalid'));
  const rows = await tx
    .update(orders)
    .set({ buyerKraPin: null, buyerBusinessName: null, deliveryAddress: DELETED_ADDRESS, deliveryBuilding: null, deliveryDirections: null })
    .where(
      and(
        inArray(orders.userId, deleted),
        lt(orders.createdAt, before),
        or(isNotNull(orders.buyerKraPin), isNotNull(orders.buyerBusinessName), sql`${orders.deliveryAddress} <> ${DELETED_ADDRESS}`),
      ),
    )
    .returning({ id: orders.id });
  if (rows.length > 0) {
    const ids = rows.map((r) => r.id);
    await tx
      .update(taxInvoices)
      .set({ request: sql`jsonb_set(jsonb_set(${taxInvoices.request}, '{custNm}', 'null'), '{custTin}', 'null')` })
      .where(and(inArray(taxInvoices.orderId, ids), isNotNull(taxInvoices.request)));
  }
  return rows.length;
}
