// Every outgoing mail is a row in outbound_mail first (an outbox); with SMTP_URL it is then sent over
// SMTP. A mail that could not be sent stays queued and the mail job tries it again with a growing
// pause, so an SMTP outage or a crash between commit and send never loses a confirmation.
// Without SMTP_URL (development and tests only) the record is the mail: read it at /dev/mail.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { outboundMail } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The order the mail is about (the back office shows its mail). */
  orderId?: string;
  /** '<order id>:<step>': a second mail with the same key is not queued. */
  dedupeKey?: string;
}

export interface Mailer {
  readonly description: string;
  readonly devMailbox: boolean;
  /** Records the mail and tries to send it now; a failed send is retried later, not thrown. */
  send(message: MailMessage): Promise<void>;
  /**
   * Records the mail inside the caller's transaction; deliver(id) after the commit sends it. Null
   * when a mail with the same dedupeKey was queued before.
   */
  enqueue(db: DbOrTx, message: MailMessage): Promise<string | null>;
  /** Sends one queued mail, if it is due and no other instance is sending it. */
  deliver(id: string): Promise<void>;
  /** Sends the queued mails that are due; returns how many were sent. */
  deliverDue(limit?: number): Promise<{ sent: number; failed: number }>;
}

/** After this many tries a mail is given up ('abandoned') and stays visible to the merchant. */
export const MAX_MAIL_ATTEMPTS = 8;
/** While one instance sends a mail, others leave it alone this long (a crash frees it after). */
const SENDING_LEASE_MS = 5 * 60_000;

/** Pause before try n+1: 1, 2, 4, 8 … minutes, at most 2 hours. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 2 * 60 * 60_000);
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; now?: () => Date }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const now = opts.now ?? (() => new Date());

  const enqueue: Mailer['enqueue'] = async (db, message) => {
    const [row] = await db
      .insert(outboundMail)
      .values({ ...message, from: opts.from, status: transport ? 'queued' : 'stored', createdAt: now() })
      .onConflictDoNothing({ target: outboundMail.dedupeKey })
      .returning({ id: outboundMail.id });
    if (!row && !message.dedupeKey) throw new Error('outbound_mail insert returned no row');
    return row?.id ?? null;
  };

  /** Takes the mail for this instance: due, still unsent, and not being sent elsewhere. */
  const claim = async (id: string) => {
    const at = now();
    const [row] = await opts.db
      .update(outboundMail)
      .set({ attempts: sql`${outboundMail.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + SENDING_LEASE_MS) })
      .where(
        and(
          eq(outboundMail.id, id),
          inArray(outboundMail.status, ['queued', 'failed']),
          or(isNull(outboundMail.nextAttemptAt), lte(outboundMail.nextAttemptAt, at)),
        ),
      )
      .returning();
    return row ?? null;
  };

  const deliver = async (id: string): Promise<boolean> => {
    if (!transport) return false;
    const row = await claim(id);
    if (!row) return false;
    try {
      await transport.sendMail({ from: row.from, to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) });
      await opts.db
        .update(outboundMail)
        .set({ status: 'sent', sentAt: now(), nextAttemptAt: null, error: null })
        .where(eq(outboundMail.id, id));
      return true;
    } catch (err) {
      const giveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
      await opts.db
        .update(outboundMail)
        .set({
          status: giveUp ? 'abandoned' : 'failed',
          error: err instanceof Error ? err.message : String(err),
          nextAttemptAt: giveUp ? null : new Date(now().getTime() + mailRetryDelayMs(row.attempts)),
        })
        .where(eq(outboundMail.id, id));
      return false;
    }
  };

  return {
    description: transport ? `SMTP (${redact(opts.smtpUrl ?? '')})` : 'development mailbox at /dev/mail',
    devMailbox: !transport,
    enqueue,
    async deliver(id) {
      await deliver(id);
    },
    async send(message) {
      const id = await enqueue(opts.db, message);
      if (id) await deliver(id);
    },
    async deliverDue(limit = 20) {
      if (!transport) return { sent: 0, failed: 0 };
      const at = now();
      const due = await opts.db
        .select({ id: outboundMail.id })
        .from(outboundMail)
        .where(
          and(
            inArray(outboundMail.status, ['queued', 'failed']),
            or(isNull(outboundMail.nextAttemptAt), lte(outboundMail.nextAttemptAt, at)),
          ),
        )
        .orderBy(asc(outboundMail.createdAt))
        .limit(limit);
      let sent = 0;
      for (const { id } of due) if (await deliver(id)) sent++;
      return { sent, failed: due.length - sent };
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
