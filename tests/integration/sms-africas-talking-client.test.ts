import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingDouble, type AtDouble } from '../support/africas-talking-double';
import { africasTalkingBaseUrl, createAfricasTalkingGateway } from '@/server/infra/sms/africas-talking';

describe("Africa's Talking SMS client", () => {
  let double: AtDouble;
  beforeAll(async () => {
    double = await startAfricasTalkingDouble();
  });
  afterAll(async () => {
    await double.close();
  });
  const gateway = (extra: { apiKey?: string; senderId?: string } = {}) =>
    createAfricasTalkingGateway({
      username: double.username,
      apiKey: extra.apiKey ?? double.apiKey,
      senderId: extra.senderId,
      baseUrl: double.url,
    });

  it('uses the sandbox host for the sandbox user, the live host otherwise, or the override', () => {
    expect(africasTalkingBaseUrl('sandbox')).toBe('https://api.sandbox.africastalking.com');
    expect(africasTalkingBaseUrl('freshcatch')).toBe('https://api.africastalking.com');
    expect(africasTalkingBaseUrl('freshcatch', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9');
  });

  it('sends in the documented format, with the sender id, and keeps the message id and cost', async () => {
    const result = await gateway({ senderId: 'FRESHCATCH' }).send('+254712345678', 'Hello from the shop');
    expect(result).toMatchObject({ ok: true, status: 'Success', cost: 'KES 0.8000', messageId: expect.stringMatching(/^ATXid_/) });
    expect(double.messages.at(-1)).toMatchObject({ to: '+254712345678', message: 'Hello from the shop', from: 'FRESHCATCH' });
    expect(double.refused).toEqual([]);
  });

  it('reports a refused key, a 500 and an invalid number; only the number is permanent', async () => {
    expect(await gateway({ apiKey: 'wrong' }).send('+254712345678', 'x')).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringContaining('HTTP 401'),
    });
    double.failNext(1);
    expect(await gateway().send('+254712345678', 'x')).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringContaining('HTTP 500'),
    });
    expect(await gateway().send('0712345678', 'x')).toMatchObject({
      ok: false,
      permanent: true,
      error: expect.stringContaining('InvalidPhoneNumber'),
    });
  });

  it('reports an unreachable gateway without throwing', async () => {
    const down = createAfricasTalkingGateway({ username: 'freshcatch', apiKey: 'k', baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect(await down.send('+254712345678', 'x')).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringContaining('unreachable'),
    });
  });
});
