// Every outgoing mail is a row in outbound_mail first (one kind of the outbox, ../outbox/outbox.ts);
// with SMTP_URL it is then sent over SMTP. A mail that could not be sent stays queued and the mail job
// tries it again with a growing pause, so an SMTP outage or a crash between commit and send never
// loses a confirmation. Without SMTP_URL (development and tests only) the record is the mail: read it
// at /dev/mail.
import { isPhoneOnlyEmail } from '@/domain/phone-sign-in';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client';
import { outboundMail } from '../../db/schema';
import { createOutbox, type OutboxKind } from '../outbox/outbox';

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
   * when a mail with the same dedupeKey was queued before, or when there is no address to mail
   * (empty, or the stand-in of an account made by phone).
   */
  enqueue(db: DbOrTx, message: MailMessage): Promise<string | null>;
  /** Sends one queued mail, if it is due and no other instance is sending it. */
  deliver(id: string): Promise<void>;
  /** Sends the queued mails that are due; returns how many were sent. */
  deliverDue(limit?: number): Promise<{ sent: number; failed: number }>;
}

/** Mail as an outbox kind: outbound_mail rows, sent over SMTP. */
export function mailKind(transport: Transporter): OutboxKind<typeof outboundMail> {
  return {
    table: outboundMail,
    async send(row) {
      await transport.sendMail({
        from: row.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
      });
      return { ok: true };
    },
  };
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; now?: () => Date }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const now = opts.now ?? (() => new Date());
  // No SMTP: rows are 'stored' for the development mailbox and nothing is ever sent.
  const outbox = transport ? createOutbox({ db: opts.db, kind: mailKind(transport), now }) : null;

  const enqueue: Mailer['enqueue'] = async (db, message) => {
    // Nowhere to mail: a customer who signed in by phone and gave no email hears by SMS instead.
    if (!message.to || isPhoneOnlyEmail(message.to)) return null;
    const [row] = await db
      .insert(outboundMail)
      .values({ ...message, from: opts.from, status: transport ? 'queued' : 'stored', createdAt: now() })
      .onConflictDoNothing({ target: outboundMail.dedupeKey })
      .returning({ id: outboundMail.id });
    if (!row && !message.dedupeKey) throw new Error('outbound_mail insert returned no row');
    return row?.id ?? null;
  };

  return {
    description: transport ? `SMTP (${redact(opts.smtpUrl ?? '')})` : 'development mailbox at /dev/mail',
    devMailbox: !transport,
    enqueue,
    async deliver(id) {
      await outbox?.deliver(id);
    },
    async send(message) {
      const id = await enqueue(opts.db, message);
      if (id) await outbox?.deliver(id);
    },
    async deliverDue(limit) {
      return outbox ? outbox.deliverDue(limit) : { sent: 0, failed: 0 };
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
