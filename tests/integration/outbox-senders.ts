// The two kinds the outbox sends today, each with the real server it sends to (an SMTP server, a
// local Africa's Talking double) and a way to take that server down, so the outbox tests run the
// same cases against mail and SMS.
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../src/server/db/client';
import { orders, outboundMail, outboundSms, user } from '../../src/server/db/schema';
import { createMailer, mailKind } from '../../src/server/infra/mail/mailer';
import type { OutboxKind, OutboxTable } from '../../src/server/infra/outbox/outbox';
import { createAfricasTalkingGateway } from '../../src/server/infra/sms/africas-talking';
import { createSmsOutbox, smsKind } from '../../src/server/infra/sms/sms-outbox';
import { freePort } from '../e2e/support/shop-server';
import { startSmtpServer, type TestSmtpServer } from '../e2e/support/smtp';
import { startAfricasTalkingDouble, type AtDouble } from '../support/africas-talking-double';

/** The columns the outbox writes, as the tests read them back. */
interface OutboxRowState {
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  error: string | null;
}

export interface Sender<T extends OutboxTable = OutboxTable> {
  /** The kind as the shop builds it; call again for a second instance's own connection. */
  kind(): OutboxKind<T>;
  /** Queues message n the kind's own way (in the shop's outbox table, status queued); its id. */
  queue(db: Db, n: number): Promise<string>;
  /** Who each message the server accepted went to, in order. */
  received(): string[];
  /** The recipient of message n. */
  recipient(n: number): string;
  /** Every send fails (until up()) as an outage would: SMTP port closed, gateway answering 500. */
  down(): Promise<void>;
  up(): Promise<void>;
  row(db: Db, id: string): Promise<OutboxRowState | undefined>;
  /** Empties the kind's table and brings its server back, between tests. */
  clear(db: Db): Promise<void>;
  close(): Promise<void>;
}

const FROM = 'Shop <shop@example.test>';

export async function mailSender(): Promise<Sender<typeof outboundMail>> {
  const port = await freePort();
  const url = `smtp://127.0.0.1:${port}`;
  let smtp: TestSmtpServer | null = await startSmtpServer(port);
  // What a stopped server received before it stopped.
  const earlier: string[] = [];
  const recipient = (n: number) => `customer${n}@example.test`;
  return {
    kind: () => mailKind(nodemailer.createTransport(url)),
    async queue(db, n) {
      const id = await createMailer({ db, smtpUrl: url, from: FROM }).enqueue(db, {
        to: recipient(n),
        subject: `Order #${n} confirmed`,
        text: 'Thank you for your order.',
      });
      if (!id) throw new Error('a mail without a dedupe key is always queued');
      return id;
    },
    received: () => [...earlier, ...(smtp?.mails.flatMap((m) => m.to) ?? [])],
    recipient,
    async down() {
      if (!smtp) return;
      earlier.push(...smtp.mails.flatMap((m) => m.to));
      await smtp.stop();
      smtp = null;
    },
    async up() {
      smtp ??= await startSmtpServer(port);
    },
    async row(db, id) {
      const [row] = await db.select().from(outboundMail).where(eq(outboundMail.id, id));
      return row;
    },
    async clear(db) {
      await db.delete(outboundMail);
      earlier.length = 0;
      smtp ??= await startSmtpServer(port);
      smtp.mails.length = 0;
    },
    async close() {
      await smtp?.stop();
    },
  };
}

export interface SmsSender extends Sender<typeof outboundSms> {
  double: AtDouble;
}

/** An SMS is about an order: `orderId` must name one (insertOrderForSms). */
export async function smsSender(orderId: () => string): Promise<SmsSender> {
  const double = await startAfricasTalkingDouble();
  const gateway = () => createAfricasTalkingGateway({ username: double.username, apiKey: double.apiKey, baseUrl: double.url });
  const recipient = (n: number) => `+2547${String(10_000_000 + n).slice(-8)}`;
  return {
    double,
    kind: () => smsKind(gateway()),
    async queue(db, n) {
      const id = await createSmsOutbox({ db, gateway: gateway() }).enqueue(db, {
        orderId: orderId(),
        step: 'paid',
        to: recipient(n),
        message: `Payment received for order #${n}.`,
        dedupeKey: `${orderId()}:paid:${n}`,
      });
      if (!id) throw new Error(`SMS ${n} was queued before`);
      return id;
    },
    received: () => double.messages.map((m) => m.to),
    recipient,
    async down() {
      double.failNext(Number.MAX_SAFE_INTEGER);
    },
    async up() {
      double.failNext(0);
    },
    async row(db, id) {
      const [row] = await db.select().from(outboundSms).where(eq(outboundSms.id, id));
      return row;
    },
    async clear(db) {
      await db.delete(outboundSms);
      double.messages.length = 0;
      double.failNext(0);
    },
    close: () => double.close(),
  };
}

/** A customer and an order for the SMS rows to be about (outbound_sms.order_id is a foreign key). */
export async function insertOrderForSms(db: Db): Promise<string> {
  const [customer] = await db
    .insert(user)
    .values({ id: 'outbox-test-customer', name: 'Kamau Customer', email: 'kamau@example.test' })
    .returning({ id: user.id });
  const [order] = await db
    .insert(orders)
    .values({
      userId: customer!.id,
      subtotal: 150_000,
      vat: 24_000,
      deliveryFee: 6000,
      totalAmount: 180_000,
      customerName: 'Kamau Customer',
      customerEmail: 'kamau@example.test',
      customerPhone: '+254712345678',
      deliveryAddress: 'Westlands, Nairobi',
    })
    .returning({ id: orders.id });
  return order!.id;
}
