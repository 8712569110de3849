// The development mailbox, the SMS box and the simulator's switches answer only the machine the shop runs on
// (the real socket address), unless DEV_TOOLS_OPEN=1; anyone else gets 404 as if they did not exist.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../src/server/infra/http/dev-tools-guard';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const TOOLS = ['/dev/mail', '/dev/sms', '/pesapal-sim/switches', '/etims-sim/switches'];

describe('the development tools guard', () => {
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    closed = await createTestApp('pglite');
    open = await createTestApp('pglite', { env: { DEV_TOOLS_OPEN: '1' } });
    await closed.ctx.mailer.send({ to: 'owner@example.test', subject: 'Your reset link', text: 'secret' });
  });
  afterAll(async () => {
    await closed.dispose();
    await open.dispose();
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('serves the tools to loopback %s', async (address) => {
    for (const path of TOOLS) {
      const res = await closed.app.request(`${TEST_ORIGIN}${path}`, {}, from(address));
      expect(res.status, path).toBe(200);
    }
    const mail = await closed.app.request(`${TEST_ORIGIN}/dev/mail`, {}, from(address));
    expect(await mail.text()).toContain('Your reset link');
  });

  it('answers 404 to any other address, whatever X-Forwarded-For claims, and to a request without a socket', async () => {
    for (const path of [...TOOLS, '/dev/mail/00000000-0000-0000-0000-000000000000']) {
      for (const address of ['10.0.0.7', '192.168.1.20', '41.90.1.2', '::ffff:10.0.0.7', '2001:db8::1']) {
        const res = await closed.app.request(
          `${TEST_ORIGIN}${path}`,
          { headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' } },
          from(address),
        );
        expect(res.status, `${path} from ${address}`).toBe(404);
        expect(await res.text()).not.toContain('Your reset link');
      }
      expect((await closed.request(path)).status, `${path} without a socket`).toBe(404);
    }
    // A stranger cannot flip the switches either.
    const post = await closed.app.request(
      `${TEST_ORIGIN}/pesapal-sim/switches`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ dropIpn: true }),
      },
      from('10.0.0.7'),
    );
    expect(post.status).toBe(404);
    const sim = closed.ctx.integrations.pesapalSimulator;
    expect(sim?.switches.dropIpn).toBe(false);
  });

  it("flips the eTIMS simulator's switches from this machine, and answers while 'KRA' is down", async () => {
    const post = (body: unknown) =>
      closed.app.request(
        `${TEST_ORIGIN}/etims-sim/switches`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        from('127.0.0.1'),
      );
    const sim = closed.ctx.integrations.etimsSimulator;
    try {
      const others = { stockCheck: true, requireToken: false, strictFields: false, lastReqMaxDays: null };
      expect(await (await post({ mode: 'down', rateE: 0 })).json()).toEqual({ switches: { mode: 'down', rateE: 0, ...others } });
      expect(sim?.switches).toMatchObject({ mode: 'down', rateE: 0 });
      expect((await post({ rateE: 5 })).status).toBe(400);
      expect((await post({ lastReqMaxDays: 0 })).status).toBe(400);
      expect(
        await (await post({ mode: 'up', stockCheck: false, requireToken: true, strictFields: true, lastReqMaxDays: 7 })).json(),
      ).toEqual({
        switches: { mode: 'up', rateE: 0, stockCheck: false, requireToken: true, strictFields: true, lastReqMaxDays: 7 },
      });
      expect(sim?.switches).toMatchObject({ stockCheck: false, requireToken: true, strictFields: true, lastReqMaxDays: 7 });
      expect(await (await post({ lastReqMaxDays: null })).json()).toMatchObject({ switches: { lastReqMaxDays: null } });
      const stranger = await closed.app.request(
        `${TEST_ORIGIN}/etims-sim/switches`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rateE: 8 }) },
        from('10.0.0.7'),
      );
      expect(stranger.status).toBe(404);
      expect(sim?.switches.rateE).toBe(0);
    } finally {
      sim?.reset();
    }
  });

  it('DEV_TOOLS_OPEN=1 opens them to every address', async () => {
    for (const path of TOOLS) {
      expect((await open.app.request(`${TEST_ORIGIN}${path}`, {}, from('41.90.1.2'))).status, path).toBe(200);
    }
  });

  it('over a real socket from this machine the mailbox answers', async () => {
    const server = serve({ fetch: closed.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/dev/mail`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Your reset link');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('knows loopback only by the exact addresses', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::FFFF:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.0.0.1.example')).toBe(false);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});
