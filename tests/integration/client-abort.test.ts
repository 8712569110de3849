// A client that goes away while its request body is still arriving (a phone losing signal mid-upload)
// is not a server fault: the log says the client closed the request, at info level, never a 500.
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp, type TestUser } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface LogLine {
  level: number;
  msg: string;
  status?: number;
  path?: string;
}

describe('a client that aborts while sending its body', () => {
  const lines: LogLine[] = [];
  let t: TestApp;
  let admin: TestUser;
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    t = await createTestApp('pglite', { seed: true, deps: { logger: pino({ level: 'info', base: undefined }, sink) } });
    admin = await createUser(t, { role: 'owner', name: 'Amina Admin' });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.dispose();
  });

  /** Sends the headers and half the body over a raw socket, then drops the connection. */
  async function abortHalfway(path: string, contentType: string, body: Buffer, cookie?: string): Promise<void> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const head = [
      `POST ${path} HTTP/1.1`,
      'Host: localhost:3000',
      `Origin: ${TEST_ORIGIN}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${body.length}`,
      ...(cookie ? [`Cookie: ${cookie}`] : []),
      '',
      '',
    ].join('\r\n');
    // The client goes once the server has the request and is reading its body.
    const received = new Promise<void>((resolve) => server.once('request', () => resolve()));
    socket.write(head);
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    await received;
    socket.destroy();
  }

  /** The log lines of the aborted request, once its handling has ended. */
  async function linesFor(path: string, before: number): Promise<LogLine[]> {
    const mine = () => lines.slice(before).filter((l) => l.path === path || l.msg !== 'request');
    await waitFor('the request to be logged', () => mine().some((l) => l.msg === 'request' || l.msg === 'client closed the request'));
    return mine();
  }

  const multipart = (boundary: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.alloc(200_000, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

  it.each([
    [
      'an image upload',
      () => `/api/admin/products/00000000-0000-0000-0000-000000000000/image`,
      'multipart/form-data; boundary=XyZ',
      multipart('XyZ'),
      true,
    ],
    [
      'a contact message',
      () => '/api/content/contact',
      'application/json',
      Buffer.from(JSON.stringify({ name: 'Otieno', email: 'o@example.test', message: 'x'.repeat(50_000) })),
      false,
    ],
    [
      'a sign-in',
      () => '/api/auth/sign-in/email',
      'application/json',
      Buffer.from(JSON.stringify({ email: 'o@example.test', password: 'x'.repeat(50_000) })),
      false,
    ],
  ])('logs %s cut short as a client abort at info level, not a 500', async (_name, path, type, body, asAdmin) => {
    const before = lines.length;
    await abortHalfway(path(), type, body, asAdmin ? admin.cookie : undefined);
    const mine = await linesFor(path(), before);
    expect(mine.filter((l) => l.msg === 'unhandled error' || l.level >= 50)).toEqual([]);
    expect(mine.filter((l) => l.status === 500)).toEqual([]);
    const abort = mine.find((l) => l.msg === 'client closed the request');
    expect(abort, JSON.stringify(mine)).toBeDefined();
    expect(abort?.level).toBe(30);
  });
});
