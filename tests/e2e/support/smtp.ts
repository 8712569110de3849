// A real SMTP server for the browser journeys: receives what the shop sends over SMTP_URL and
// hands each message back as text, decoded from its MIME parts.
import { SMTPServer } from 'smtp-server';
import { freePort } from './shop-server';

interface ReceivedMail {
  to: string[];
  /** The From header, as sent. */
  from: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  links: string[];
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `to` (after `skip` earlier ones) that satisfies `match`. */
  waitForMail(to: string, opts?: { subject?: RegExp; skip?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** Listens on `port` when given (a test that first wants the port closed), else on a free one. */
export async function startSmtpServer(port?: number): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'], // plain local SMTP: nodemailer then sends without TLS
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push(
          parseMail(
            raw,
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ),
        );
        callback();
      });
    },
  });
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${listenOn}`,
    mails,
    async waitForMail(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
      for (;;) {
        const matching = mails.filter((m) => m.to.includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)));
        const found = matching[opts.skip ?? 0];
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} within the time limit; got: ${mails.map((m) => m.subject).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeaders(block: string): { headers: Map<string, string>; body: string } {
  const at = block.indexOf('\r\n\r\n');
  const head = at === -1 ? block : block.slice(0, at);
  const body = at === -1 ? '' : block.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case undefined:
    default:
      return body;
  }
}

/** The text/plain content of a message, looking inside multipart bodies. */
function textOf(block: string): string | null {
  const { headers, body } = splitHeaders(block);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const text = textOf(part.replace(/^\r\n/, ''));
      if (text !== null) return text;
    }
    return null;
  }
  return type.toLowerCase().startsWith('text/plain') ? decode(body, headers.get('content-transfer-encoding')) : null;
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const text = textOf(raw) ?? '';
  return {
    to,
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    text,
    links: text.match(/https?:\/\/\S+/g) ?? [],
  };
}
