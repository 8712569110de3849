// A local stand-in for Africa's Talking's SMS API: POST /version1/messaging, form-encoded username,
// to (E.164), message and optional from, with the apiKey header and Accept: application/json, and
// GET /version1/user?username=… (the account's balance). It refuses anything else the way the
// documented API describes, records every SMS it accepted, and can be told to answer 500 for the
// next N requests.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface AtSms {
  to: string;
  message: string;
  from: string | null;
  messageId: string;
}

export interface AtDouble {
  url: string;
  username: string;
  apiKey: string;
  /** SMS accepted, in order. */
  messages: AtSms[];
  /** Requests refused for their format (path, method, key, fields), with why. */
  refused: string[];
  /** Every request that reached the double, accepted or not. */
  requests: number;
  /** The next n requests answer HTTP 500. */
  failNext(n: number): void;
  /** Numbers the gateway answers 403 InvalidPhoneNumber for. */
  invalidNumbers: Set<string>;
  /** The account balance GET /version1/user answers. */
  balance: string;
  messagesTo(phone: string): AtSms[];
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startAfricasTalkingDouble(opts: { username?: string; apiKey?: string } = {}): Promise<AtDouble> {
  const username = opts.username ?? 'freshcatch';
  const apiKey = opts.apiKey ?? 'at-test-key';
  let failures = 0;
  let counter = 0;
  const double = {
    url: '',
    username,
    apiKey,
    messages: [] as AtSms[],
    refused: [] as string[],
    requests: 0,
    invalidNumbers: new Set<string>(),
    balance: 'KES 1250.0000',
    failNext(n: number) {
      failures = n;
    },
    messagesTo(phone: string) {
      return double.messages.filter((m) => m.to === phone);
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      double.requests++;
      const body = await readBody(req);
      const refuse = (status: number, why: string) => {
        double.refused.push(why);
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(why);
      };
      // The account's data (what the go-live check reads instead of sending an SMS).
      if (req.url?.startsWith('/version1/user?')) {
        if (req.method !== 'GET') return refuse(405, `method ${req.method}`);
        if (req.headers.apikey !== apiKey) return refuse(401, 'The supplied authentication is invalid');
        if (new URL(req.url, 'http://at.test').searchParams.get('username') !== username) return refuse(401, 'wrong username');
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ UserData: { balance: double.balance } }));
        return;
      }
      if (req.url !== '/version1/messaging') return refuse(404, `unknown path ${req.url}`);
      if (req.method !== 'POST') return refuse(405, `method ${req.method}`);
      if (req.headers.apikey !== apiKey) return refuse(401, 'The supplied authentication is invalid');
      if (!req.headers.accept?.includes('application/json')) return refuse(406, 'Accept must be application/json');
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return refuse(415, 'form-encoded body expected');
      const form = new URLSearchParams(body);
      if (form.get('username') !== username) return refuse(401, 'wrong username');
      const to = form.get('to') ?? '';
      const message = form.get('message') ?? '';
      if (!message) return refuse(400, 'message is required');
      if (failures > 0) {
        failures--;
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      const json = (recipient: Record<string, unknown>) =>
        res
          .writeHead(201, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1 Total Cost: KES 0.8000', Recipients: [recipient] } }));
      if (!E164.test(to) || double.invalidNumbers.has(to)) {
        return json({ statusCode: 403, number: to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' });
      }
      counter++;
      const messageId = `ATXid_${counter.toString(16).padStart(8, '0')}${Math.random().toString(16).slice(2, 10)}`;
      double.messages.push({ to, message, from: form.get('from'), messageId });
      json({ statusCode: 101, number: to, status: 'Success', cost: 'KES 0.8000', messageId });
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return double;
}

/** The AT_* settings that point the shop at this double. */
export function atEnv(double: AtDouble, extra: Record<string, string> = {}): Record<string, string> {
  return { AT_USERNAME: double.username, AT_API_KEY: double.apiKey, AT_API_URL: double.url, ...extra };
}
