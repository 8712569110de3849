// Every outgoing mail is recorded in outbound_mail; with SMTP_URL it is also sent over SMTP.
// Without SMTP_URL (development and tests only) the record is the mail: read it at /dev/mail.
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboundMail } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly description: string;
  readonly devMailbox: boolean;
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    description: transport ? `SMTP (${redact(opts.smtpUrl ?? '')})` : 'development mailbox at /dev/mail',
    devMailbox: !transport,
    async send(message) {
      const [row] = await opts.db
        .insert(outboundMail)
        .values({ ...message, from: opts.from, status: transport ? 'queued' : 'stored' })
        .returning({ id: outboundMail.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({ from: opts.from, ...message });
        await opts.db
          .update(outboundMail)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(outboundMail.id, row.id));
      } catch (err) {
        await opts.db
          .update(outboundMail)
          .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
          .where(eq(outboundMail.id, row.id));
        throw err;
      }
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
