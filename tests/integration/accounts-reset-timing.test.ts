// A forgotten-password request must not tell by its timing whether the address has an account: the
// reset mail is only queued before the answer (the outbox sends it after), and an unknown address
// makes a write of the same kind instead. Shown without timing: an SMTP server that holds every
// connection does not hold up the answer, and the mail arrives once it lets go.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createApp, createContext } from '../../src/server/app';
import { outboundMail, verification } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/infra/mail/mailer';
import { freePort } from '../e2e/support/shop-server';
import { startSmtpServer, type TestSmtpServer } from '../e2e/support/smtp';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

/** A door to the SMTP server that keeps every connection waiting (no greeting) until let go. */
async function heldSmtp(target: number): Promise<{ port: number; held: () => number; letGo: () => void; close: () => Promise<void> }> {
  const waiting: net.Socket[] = [];
  const open = new Set<net.Socket>();
  let released = false;
  const connect = (socket: net.Socket) => {
    const upstream = net.connect(target, '127.0.0.1');
    open.add(upstream);
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
  };
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('error', () => undefined);
    if (released) connect(socket);
    else waiting.push(socket);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    held: () => waiting.length,
    letGo: () => {
      released = true;
      for (const socket of waiting.splice(0)) connect(socket);
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(dbKinds(import.meta.url))('forgot-password timing on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let door: Awaited<ReturnType<typeof heldSmtp>>;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    door = await heldSmtp(Number(new URL(smtp.url).port));
    t = await createTestApp(kind);
    // The same app over a real SMTP outbox, through the held door.
    const mailer = createMailer({ db: t.ctx.db, smtpUrl: `smtp://127.0.0.1:${door.port}`, from: 'Shop <shop@example.test>' });
    app = createApp(createContext({ env: t.ctx.env, database: t.ctx.database, logger: t.ctx.logger, mailer }));
  });
  afterAll(async () => {
    await door.close();
    await smtp.stop();
    await t.dispose();
  });

  const forgot = (email: string, from: string) =>
    app.request(`${TEST_ORIGIN}/api/account/forgot-password`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify({ email }),
    });
  /** The answer, or 'no answer' when SMTP held it up (nodemailer waits 30 s for a greeting). */
  const answerOf = (res: Response | Promise<Response>) =>
    Promise.race([res, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 10_000))]);

  it('answers before SMTP is contacted, and the outbox then delivers the mail', async () => {
    const someone = await createUser(t);
    const res = await answerOf(forgot(someone.email, '203.0.113.40'));
    expect(res === 'no answer' ? res : res.status).toBe(200);
    const [queued] = await t.ctx.db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.to, someone.email), like(outboundMail.subject, 'Reset%')));
    expect(queued?.subject).toBe('Reset your password for Lake Victoria Aquaculture');
    expect(queued?.status).not.toBe('sent');

    door.letGo();
    const mail = await smtp.waitForMail(someone.email);
    expect(mail.subject).toBe('Reset your password for Lake Victoria Aquaculture');
    expect(mail.links.some((l) => l.startsWith('http://localhost:3000/auth?reset='))).toBe(true);
    await expect
      .poll(async () => (await t.ctx.db.select().from(outboundMail).where(eq(outboundMail.id, queued!.id)))[0]?.status)
      .toBe('sent');
  });

  it('makes an unknown address do a write of the same kind, usable by nobody, and mails nobody', async () => {
    const before = await t.ctx.db.select().from(verification).where(like(verification.identifier, 'reset-password-decoy:%'));
    const res = await answerOf(forgot('nobody-here@example.test', '203.0.113.41'));
    expect(res === 'no answer' ? res : res.status).toBe(200);
    const decoys = await t.ctx.db.select().from(verification).where(like(verification.identifier, 'reset-password-decoy:%'));
    expect(decoys).toHaveLength(1);
    expect(decoys[0]?.id).not.toBe(before[0]?.id);
    expect(decoys[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await t.ctx.db.select().from(outboundMail).where(eq(outboundMail.to, 'nobody-here@example.test'))).toEqual([]);
  });
});
