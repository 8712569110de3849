import { describe, expect, it } from 'vitest';
import type { PesapalClient } from '@/server/integrations/pesapal/pesapal-types';
import type { PesapalSimulatorOptions } from '@/server/dev/pesapal/pesapal-simulator';
import { serversClosedAfterEachTest, sleep, type RunningSimulator, type TestServer } from '../support/pesapal-test-helpers';
import { waitFor } from '../support/wait-for';

const { sim, receiver } = serversClosedAfterEachTest();

interface Setup {
  s: RunningSimulator;
  client: PesapalClient;
  ipn: TestServer;
  ipnId: string;
  newOrder(patch?: Record<string, unknown>): Promise<{ orderTrackingId: string; merchantReference: string; redirectUrl: string }>;
}

async function setup(opts: { method?: 'GET' | 'POST'; ipnPath?: string; sim?: Partial<PesapalSimulatorOptions> } = {}): Promise<Setup> {
  const s = await sim(opts.sim);
  const ipn = await receiver();
  const client = s.client();
  const { ipnId } = await client.registerIpn(`${ipn.url}${opts.ipnPath ?? '/ipn'}`, opts.method ?? 'GET');
  let n = 0;
  return {
    s,
    client,
    ipn,
    ipnId,
    newOrder: (patch = {}) =>
      client.submitOrder({
        id: `ORDER-${++n}-${Date.now()}`,
        currency: 'KES',
        amount: 2500,
        description: 'Whole tilapia',
        callbackUrl: 'https://shop.test/checkout/return',
        notificationId: ipnId,
        billingAddress: { emailAddress: 'buyer@example.com', phoneNumber: '0712345678' },
        ...patch,
      }),
  };
}

function chooseUrl(s: RunningSimulator, trackingId: string): string {
  return `${s.apiBase}/pesapaliframe/PesapalIframe3/Choose?OrderTrackingId=${trackingId}`;
}

async function choose(s: RunningSimulator, trackingId: string, choice: string): Promise<Response> {
  return fetch(chooseUrl(s, trackingId), { method: 'POST', body: new URLSearchParams({ choice }), redirect: 'manual' });
}

const validOrder = (notificationId: string) => ({
  id: 'ORDER-1',
  currency: 'KES',
  amount: 100,
  description: 'Tilapia',
  callback_url: 'https://shop.test/return',
  notification_id: notificationId,
  billing_address: { email_address: 'a@b.test' },
});

describe('RequestToken', () => {
  it('issues a JWT-like token with a UTC expiryDate', async () => {
    const t0 = Date.parse('2024-03-18T07:23:21.168Z');
    const s = await sim({ now: () => t0, tokenTtlSeconds: 3600 });
    const res = await fetch(`${s.apiBase}/api/Auth/RequestToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ consumer_key: 'simulator-key', consumer_secret: 'simulator-secret' }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      expiryDate: '2024-03-18T08:23:21.1680000Z',
      error: null,
      status: '200',
      message: 'Request processed successfully',
    });
    const [, payload] = String(body.token).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, number | string>;
    expect(claims.uid).toBe('simulator-key');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('answers bad credentials with the authentication_error object', async () => {
    const s = await sim();
    const res = await fetch(`${s.apiBase}/api/Auth/RequestToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ consumer_key: 'simulator-key', consumer_secret: 'nope' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      error: { error_type: 'authentication_error', code: 'invalid_api_credentials_provided', message: 'Invalid Access Token' },
      status: '500',
    });
  });

  it('refuses a missing bearer on the other endpoints', async () => {
    const s = await sim();
    const res = await fetch(`${s.apiBase}/api/URLSetup/GetIpnList`);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_api_credentials_provided' }, status: '500' });
  });
});

describe('RegisterIPN / GetIpnList', () => {
  it('returns the observed shape, typo included', async () => {
    const s = await sim();
    const reg = await s.rawCall('POST', '/api/URLSetup/RegisterIPN', { url: 'http://shop.test/ipn', ipn_notification_type: 'POST' });
    expect(reg.json).toMatchObject({
      url: 'http://shop.test/ipn',
      notification_type: 1,
      ipn_notification_type_description: 'POST',
      ipn_status: 1,
      ipn_status_decription: 'Active',
      error: null,
      status: '200',
    });
    expect(String(reg.json.created_date)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$/);
    const list = await fetch(`${s.apiBase}/api/URLSetup/GetIpnList`, {
      headers: { Authorization: `Bearer ${[...s.sim.state.tokens.keys()][0]}` },
    });
    const items = (await list.json()) as unknown[];
    expect(items).toHaveLength(1);
  });

  it('rejects a bad notification type', async () => {
    const s = await sim();
    const reg = await s.rawCall('POST', '/api/URLSetup/RegisterIPN', { url: 'http://shop.test/ipn', ipn_notification_type: 'PUT' });
    expect(reg.json).toMatchObject({ error: { code: 'invalid_api_request_parameters' }, status: '500' });
  });
});

describe('SubmitOrderRequest validation', () => {
  async function submit(s: RunningSimulator, patch: (o: Record<string, unknown>) => void) {
    const reg = await s.rawCall('POST', '/api/URLSetup/RegisterIPN', { url: 'http://shop.test/ipn', ipn_notification_type: 'GET' });
    const o: Record<string, unknown> = validOrder(String(reg.json.ipn_id));
    patch(o);
    return s.rawCall('POST', '/api/Transactions/SubmitOrderRequest', o);
  }

  it('accepts a valid order', async () => {
    const s = await sim();
    const res = await submit(s, () => {});
    expect(res.json).toMatchObject({ merchant_reference: 'ORDER-1', error: null, status: '200' });
  });

  it.each<[string, (o: Record<string, unknown>) => void, string, string]>([
    ['id longer than 50', (o) => (o.id = 'A'.repeat(51)), 'invalid_api_request_parameters', 'more than 50'],
    ['missing id', (o) => delete o.id, 'invalid_api_request_parameters', 'required'],
    ['2-letter currency', (o) => (o.currency = 'KE'), 'invalid_api_request_parameters', 'currency'],
    ['3 decimals', (o) => (o.amount = 10.123), 'invalid_api_request_parameters', 'amount'],
    ['zero amount', (o) => (o.amount = 0), 'invalid_api_request_parameters', 'amount'],
    ['101-char description', (o) => (o.description = 'd'.repeat(101)), 'invalid_api_request_parameters', '100'],
    ['missing callback_url', (o) => delete o.callback_url, 'invalid_api_request_parameters', 'callback'],
    [
      'unknown notification_id',
      (o) => (o.notification_id = 'fe078e53-78da-4a83-aa89-e7ded5c456e6'),
      'invalid_api_request_parameters',
      'Invalid IPN URL ID provided.Check format and try again',
    ],
    [
      'missing billing_address',
      (o) => delete o.billing_address,
      'missing_mandatory_billing_address',
      'Please provide billing details information on your API request.',
    ],
    ['no email and no phone', (o) => (o.billing_address = { first_name: 'A' }), 'missing_mandatory_billing_address', 'email'],
  ])('%s', async (_label, patch, code, message) => {
    const s = await sim();
    const res = await submit(s, patch);
    expect(res.httpStatus).toBe(200);
    expect(res.json.status).toBe('500');
    const error = res.json.error as Record<string, string>;
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(res.json.order_tracking_id ?? null).toBeNull();
    expect(s.sim.state.orders.size).toBe(0);
  });

  it('rejects a reused merchant reference', async () => {
    const s = await sim();
    await submit(s, () => {});
    const again = await submit(s, () => {});
    expect(again.json.status).toBe('500');
    expect(s.sim.state.orders.size).toBe(1);
  });

  it('accepts an IPN id only from the merchant that registered it', async () => {
    const s = await sim({
      credentials: [
        { key: 'simulator-key', secret: 'simulator-secret' },
        { key: 'other', secret: 'other-secret' },
      ],
    });
    const reg = await s.rawCall('POST', '/api/URLSetup/RegisterIPN', { url: 'http://shop.test/ipn', ipn_notification_type: 'GET' });
    const other = s.client({ consumerKey: 'other', consumerSecret: 'other-secret' });
    await expect(
      other.submitOrder({
        id: 'X-1',
        currency: 'KES',
        amount: 1,
        description: 'd',
        callbackUrl: 'https://shop.test/r',
        notificationId: String(reg.json.ipn_id),
        billingAddress: { emailAddress: 'a@b.test' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_api_request_parameters' });
  });
});

describe('hosted page', () => {
  it('is a framable, self-contained, accessible page with four buttons', async () => {
    const { s, newOrder } = await setup();
    const o = await newOrder({ amount: 1234.5, id: 'ORDER-77', description: 'Tilapia <b>fresh</b> & "smoked"' });
    const res = await fetch(o.redirectUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toMatch(/style-src 'nonce-[^']+'/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Pesapal (simulator)</title>');
    expect(html).toContain('ORDER-77');
    expect(html).toContain('Tilapia &#60;b&#62;fresh&#60;/b&#62; &#38; &#34;smoked&#34;');
    expect(html).not.toContain('<b>fresh');
    expect(html).toContain('1,234.50');
    expect(html).toContain('KES');
    expect(html).not.toMatch(/\b(src|href)="https?:/); // no external resources
    expect(html).toContain(
      `<form method="post" action="/pesapalv3/pesapaliframe/PesapalIframe3/Choose?OrderTrackingId=${o.orderTrackingId}">`,
    );
    for (const [value, label] of [
      ['card', 'Pay by card'],
      ['mpesa', 'Pay by M-Pesa'],
      ['fail', 'Fail'],
      ['cancel', 'Cancel'],
    ]) {
      expect(html).toMatch(new RegExp(`<button type="submit" name="choice" value="${value}"[^>]*>${label}</button>`));
    }
    // The style nonce in the CSP matches the one on the <style> element.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(s.count('Index')).toBe(1);
  });

  it('answers 404 for an unknown order', async () => {
    const { s } = await setup();
    const res = await fetch(`${s.apiBase}/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=nope`);
    expect(res.status).toBe(404);
  });
});

describe('outcomes via the Choose form', () => {
  it('card: COMPLETED, IPN before the redirect page, redirect to window.top with the callback params', async () => {
    const { s, client, ipn, newOrder } = await setup();
    const o = await newOrder();
    const res = await choose(s, o.orderTrackingId, 'card');
    expect(res.status).toBe(200);
    expect(ipn.hits).toHaveLength(1); // delivered before the browser got its answer
    const html = await res.text();
    const expected = `https://shop.test/checkout/return?OrderTrackingId=${o.orderTrackingId}&OrderMerchantReference=${o.merchantReference}&OrderNotificationType=CALLBACKURL`;
    expect(html).toContain('window.top.location.href=');
    expect(html).toContain(JSON.stringify(expected));
    expect(html).toContain(`href="${expected.replace(/&/g, '&#38;')}" target="_top"`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect((await client.getTransactionStatus(o.orderTrackingId)).status).toBe('COMPLETED');
  });

  it('PARENT_WINDOW navigates window.parent and respects an existing query string', async () => {
    const { s, newOrder } = await setup();
    const o = await newOrder({ redirectMode: 'PARENT_WINDOW', callbackUrl: 'https://shop.test/return?from=pesapal' });
    const html = await (await choose(s, o.orderTrackingId, 'fail')).text();
    expect(html).toContain('window.parent.location.href=');
    expect(html).toContain(`https://shop.test/return?from=pesapal&OrderTrackingId=${o.orderTrackingId}&`);
    expect(html).toContain('target="_parent"');
  });

  it('mpesa: redirect at once while still pending, COMPLETED after the delay, then the IPN', async () => {
    const { s, client, ipn, newOrder } = await setup({ sim: { mpesaDelayMs: 150 } });
    const o = await newOrder();
    const res = await choose(s, o.orderTrackingId, 'mpesa');
    expect(res.status).toBe(200);
    expect(ipn.hits).toHaveLength(0);
    expect((await client.getTransactionStatus(o.orderTrackingId)).status).toBe('PENDING');
    expect(await (await fetch(o.redirectUrl)).text()).toContain('Waiting for M-Pesa');
    expect((await choose(s, o.orderTrackingId, 'card')).status).toBe(409);
    await s.sim.idle();
    const st = await client.getTransactionStatus(o.orderTrackingId);
    expect(st).toMatchObject({ status: 'COMPLETED', paymentMethod: 'MpesaKE', paymentAccount: '2547xxx45678' });
    expect(st.confirmationCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(ipn.hits).toHaveLength(1);
  });

  it('cancel: FAILED with request_terminated_by_user; goes to cancellation_url when given', async () => {
    const { s, client, newOrder } = await setup();
    const o = await newOrder({ cancellationUrl: 'https://shop.test/checkout/cancelled' });
    const html = await (await choose(s, o.orderTrackingId, 'cancel')).text();
    expect(html).toContain(`https://shop.test/checkout/cancelled?OrderTrackingId=${o.orderTrackingId}`);
    const st = await client.getTransactionStatus(o.orderTrackingId);
    expect(st).toMatchObject({ statusCode: 2, status: 'FAILED', description: 'Cancelled by customer', paymentMethod: '' });
    expect((st.raw as { payment_status_code: string }).payment_status_code).toBe('request_terminated_by_user');
  });

  it('refuses a second choice and an unknown choice', async () => {
    const { s, newOrder } = await setup();
    const o = await newOrder();
    expect((await choose(s, o.orderTrackingId, 'steal')).status).toBe(400);
    expect((await choose(s, o.orderTrackingId, 'card')).status).toBe(200);
    expect((await choose(s, o.orderTrackingId, 'fail')).status).toBe(409);
    expect(await (await fetch(o.redirectUrl)).text()).toContain('already been processed');
  });

  it('lets a declined customer pay on the same page, with a second IPN', async () => {
    const { s, client, ipn, newOrder } = await setup();
    const o = await newOrder();
    expect((await choose(s, o.orderTrackingId, 'fail')).status).toBe(200);
    expect((await client.getTransactionStatus(o.orderTrackingId)).status).toBe('FAILED');
    const page = await (await fetch(o.redirectUrl)).text();
    expect(page).not.toContain('already been processed');
    expect(page).toContain('value="card"');
    expect((await choose(s, o.orderTrackingId, 'card')).status).toBe(200);
    expect(await client.getTransactionStatus(o.orderTrackingId)).toMatchObject({
      statusCode: 1,
      status: 'COMPLETED',
      paymentMethod: 'Visa',
    });
    expect(ipn.hits).toHaveLength(2);
    expect((await choose(s, o.orderTrackingId, 'card')).status).toBe(409);
  });
});

describe('outcomes via complete()', () => {
  it.each([
    ['card', 1, 'COMPLETED', 'Visa'],
    ['fail', 2, 'FAILED', 'Visa'],
    ['cancel', 2, 'FAILED', ''],
  ] as const)('%s → %s', async (outcome, code, status, method) => {
    const { s, client, ipn, newOrder } = await setup();
    const o = await newOrder();
    await s.sim.complete(o.orderTrackingId, outcome);
    expect(await client.getTransactionStatus(o.orderTrackingId)).toMatchObject({ statusCode: code, status, paymentMethod: method });
    expect(ipn.hits).toHaveLength(1);
  });

  it('mpesa completes after mpesaDelayMs', async () => {
    const { s, client, newOrder } = await setup({ sim: { mpesaDelayMs: 50 } });
    const o = await newOrder();
    await s.sim.complete(o.orderTrackingId, 'mpesa');
    expect((await client.getTransactionStatus(o.orderTrackingId)).statusCode).toBe(0);
    await sleep(120);
    expect((await client.getTransactionStatus(o.orderTrackingId)).statusCode).toBe(1);
  });

  it('throws when the order cannot take the outcome', async () => {
    const { s, newOrder } = await setup();
    const o = await newOrder();
    await expect(s.sim.complete(o.orderTrackingId, 'reverse')).rejects.toThrow(/completed/);
    await expect(s.sim.complete('unknown', 'card')).rejects.toThrow(/not found/);
  });
});

describe('IPN delivery', () => {
  it('GET: query string with the PascalCase keys and IPNCHANGE', async () => {
    const { s, ipn, newOrder } = await setup({ ipnPath: '/ipn?shop=1' });
    const o = await newOrder();
    await s.sim.complete(o.orderTrackingId, 'card');
    expect(ipn.hits).toHaveLength(1);
    const hit = ipn.hits[0];
    expect(hit?.method).toBe('GET');
    expect(hit?.url.pathname).toBe('/ipn');
    expect(Object.fromEntries(hit?.url.searchParams ?? [])).toEqual({
      shop: '1',
      OrderTrackingId: o.orderTrackingId,
      OrderMerchantReference: o.merchantReference,
      OrderNotificationType: 'IPNCHANGE',
    });
    expect(s.sim.state.ipnDeliveries).toMatchObject([{ ok: true, attempt: 1, httpStatus: 200 }]);
  });

  it('POST: JSON body and query string', async () => {
    const { s, ipn, newOrder } = await setup({ method: 'POST' });
    const o = await newOrder();
    await s.sim.complete(o.orderTrackingId, 'fail');
    const hit = ipn.hits[0];
    expect(hit?.method).toBe('POST');
    expect(hit?.headers['content-type']).toBe('application/json');
    const expected = {
      OrderTrackingId: o.orderTrackingId,
      OrderMerchantReference: o.merchantReference,
      OrderNotificationType: 'IPNCHANGE',
    };
    expect(JSON.parse(hit?.body ?? '')).toEqual(expected);
    expect(Object.fromEntries(hit?.url.searchParams ?? [])).toEqual(expected);
  });

  it('duplicateIpn sends it twice; dropIpn sends none', async () => {
    const { s, ipn, newOrder } = await setup();
    s.sim.switches.duplicateIpn = true;
    await s.sim.complete((await newOrder()).orderTrackingId, 'card');
    expect(ipn.hits).toHaveLength(2);
    s.sim.switches.duplicateIpn = false;
    s.sim.switches.dropIpn = true;
    await s.sim.complete((await newOrder()).orderTrackingId, 'card');
    await s.sim.idle();
    expect(ipn.hits).toHaveLength(2);
  });

  it('lateIpnMs delivers the IPN after the redirect page', async () => {
    const { s, ipn, newOrder } = await setup();
    s.sim.switches.lateIpnMs = 150;
    const o = await newOrder();
    const res = await choose(s, o.orderTrackingId, 'card');
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    expect(ipn.hits).toHaveLength(0);
    await s.sim.idle();
    expect(ipn.hits).toHaveLength(1);
    expect(ipn.hits[0]?.at ?? 0).toBeGreaterThanOrEqual(answeredAt + 100);
  });

  it('retries until the receiver acknowledges with status 200', async () => {
    const s = await sim({ ipnRetries: 3 });
    const ipn = await receiver((hit) =>
      hit < 3 ? { httpStatus: 500, body: '<html>oops</html>' } : { httpStatus: 200, body: { status: 200 } },
    );
    const client = s.client();
    const { ipnId } = await client.registerIpn(`${ipn.url}/ipn`);
    const o = await client.submitOrder({
      id: 'R-1',
      currency: 'KES',
      amount: 10,
      description: 'd',
      callbackUrl: 'https://shop.test/r',
      notificationId: ipnId,
      billingAddress: { emailAddress: 'a@b.test' },
    });
    await s.sim.complete(o.orderTrackingId, 'card');
    expect(ipn.hits).toHaveLength(3);
    expect(s.sim.state.ipnDeliveries.map((d) => d.ok)).toEqual([false, false, true]);
  });

  it('gives up after ipnRetries re-deliveries', async () => {
    const s = await sim({ ipnRetries: 2 });
    const ipn = await receiver(() => ({ httpStatus: 200, body: { status: 500 } }));
    const client = s.client();
    const { ipnId } = await client.registerIpn(`${ipn.url}/ipn`);
    const o = await client.submitOrder({
      id: 'R-2',
      currency: 'KES',
      amount: 10,
      description: 'd',
      callbackUrl: 'https://shop.test/r',
      notificationId: ipnId,
      billingAddress: { phoneNumber: '0712345678', emailAddress: '' },
    });
    await s.sim.complete(o.orderTrackingId, 'card');
    expect(ipn.hits).toHaveLength(3);
  });
});

describe('RefundRequest', () => {
  async function paid(setupResult: Setup, outcome: 'card' | 'mpesa') {
    const o = await setupResult.newOrder();
    await setupResult.s.sim.complete(o.orderTrackingId, outcome);
    await setupResult.s.sim.idle();
    const st = await setupResult.client.getTransactionStatus(o.orderTrackingId);
    return { ...o, confirmationCode: st.confirmationCode };
  }

  it('keeps an accepted refund waiting, the payment COMPLETED, until the merchant approves it: then REVERSED with an IPN', async () => {
    const st = await setup();
    const p = await paid(st, 'card');
    expect(st.ipn.hits).toHaveLength(1);
    const r = await st.client.refund({ confirmationCode: p.confirmationCode, amount: 1000, username: 'admin', remarks: 'Short weight' });
    expect(r).toEqual({ accepted: true, message: 'Refund request successfully' });
    await st.s.sim.idle();
    // "200" means received: no money moved, nothing to notify.
    expect(st.ipn.hits).toHaveLength(1);
    expect((await st.client.getTransactionStatus(p.orderTrackingId)).status).toBe('COMPLETED');
    expect(st.s.sim.waitingRefunds().map((w) => [w.order.trackingId, w.refund.amountCents, w.refund.status])).toEqual([
      [p.orderTrackingId, 100_000, 'pending'],
    ]);
    // Only one refund per payment, waiting or made.
    const waiting = await st.client.refund({ confirmationCode: p.confirmationCode, amount: 1000, username: 'admin', remarks: 'x' });
    expect(waiting).toEqual({ accepted: false, message: 'A refund has already been requested for this payment.' });

    expect(await st.s.sim.decideRefund(p.orderTrackingId, 'approve')).toMatchObject({ ok: true, refund: { status: 'approved' } });
    expect(st.ipn.hits).toHaveLength(2);
    expect(st.ipn.hits[1]?.url.searchParams.get('OrderTrackingId')).toBe(p.orderTrackingId);
    const reversed = await st.client.getTransactionStatus(p.orderTrackingId);
    expect([reversed.status, reversed.statusCode]).toEqual(['REVERSED', 3]);
    expect(st.s.sim.waitingRefunds()).toEqual([]);
    const again = await st.client.refund({ confirmationCode: p.confirmationCode, amount: 1000, username: 'admin', remarks: 'x' });
    expect(again.accepted).toBe(false);
    expect(await st.s.sim.decideRefund(p.orderTrackingId, 'reject')).toEqual({
      ok: false,
      httpStatus: 409,
      message: 'This payment has no refund waiting for a decision.',
    });
  });

  it('leaves the payment COMPLETED when the refund is rejected, notifies the change, and takes a new request', async () => {
    const st = await setup();
    const p = await paid(st, 'mpesa');
    expect(
      (await st.client.refund({ confirmationCode: p.confirmationCode, amount: 2500, username: 'admin', remarks: 'Spoiled' })).accepted,
    ).toBe(true);
    expect(await st.s.sim.decideRefund(p.orderTrackingId, 'reject')).toMatchObject({ ok: true, refund: { status: 'rejected' } });
    expect(st.ipn.hits).toHaveLength(2);
    expect((await st.client.getTransactionStatus(p.orderTrackingId)).status).toBe('COMPLETED');
    const renewed = await st.client.refund({ confirmationCode: p.confirmationCode, amount: 2500, username: 'admin', remarks: 'Again' });
    expect(renewed.accepted).toBe(true);
    expect(st.s.sim.state.orders.get(p.orderTrackingId)?.refund).toMatchObject({ remarks: 'Again', status: 'pending' });
    expect(await st.s.sim.decideRefund('00000000-0000-0000-0000-000000000000', 'approve')).toEqual({
      ok: false,
      httpStatus: 404,
      message: 'Order not found.',
    });
  });

  it("approves by itself after the switch's delay, on the simulator's clock", async () => {
    let clock = Date.parse('2026-03-02T09:00:00Z');
    const st = await setup({ sim: { now: () => clock } });
    const p = await paid(st, 'card');
    st.s.sim.switches.refundApproveAfterSeconds = 90;
    await st.client.refund({ confirmationCode: p.confirmationCode, amount: 2500, username: 'admin', remarks: 'Late' });
    expect(st.s.sim.waitingRefunds()[0]?.refund.approveAt).toBe(clock + 90_000);
    clock += 89_000;
    expect(st.s.sim.approveDueRefunds()).toBe(0);
    expect((await st.client.getTransactionStatus(p.orderTrackingId)).status).toBe('COMPLETED');
    clock += 1_000;
    // Due: the next call Pesapal answers finds the payment reversed, and the IPN follows.
    expect((await st.client.getTransactionStatus(p.orderTrackingId)).status).toBe('REVERSED');
    await st.s.sim.idle();
    expect(st.ipn.hits).toHaveLength(2);
    expect(st.s.sim.approveDueRefunds()).toBe(0);
  });

  it('approves at once with a delay of 0, after answering the request', async () => {
    const st = await setup();
    const p = await paid(st, 'card');
    st.s.sim.switches.refundApproveAfterSeconds = 0;
    await st.client.refund({ confirmationCode: p.confirmationCode, amount: 2500, username: 'admin', remarks: 'Now' });
    expect(st.s.sim.state.orders.get(p.orderTrackingId)?.refund?.approveAt).not.toBeNull();
    await waitFor('the approval IPN', () => st.ipn.hits.length === 2);
    expect((await st.client.getTransactionStatus(p.orderTrackingId)).status).toBe('REVERSED');
  });

  it('refuses a wrong code, more than paid, and a pending or failed payment', async () => {
    const st = await setup();
    const p = await paid(st, 'card');
    const base = { username: 'admin', remarks: 'r' };
    expect((await st.client.refund({ ...base, confirmationCode: 'WRONG', amount: 1 })).accepted).toBe(false);
    expect((await st.client.refund({ ...base, confirmationCode: p.confirmationCode, amount: 2500.01 })).accepted).toBe(false);
    const failed = await st.newOrder();
    await st.s.sim.complete(failed.orderTrackingId, 'fail');
    const fcode = (await st.client.getTransactionStatus(failed.orderTrackingId)).confirmationCode;
    const r = await st.client.refund({ ...base, confirmationCode: fcode, amount: 1 });
    expect(r).toEqual({ accepted: false, message: 'Only completed payments can be refunded.' });
  });

  it('refunds mobile money in full only', async () => {
    const st = await setup();
    const p = await paid(st, 'mpesa');
    const base = { username: 'admin', remarks: 'r', confirmationCode: p.confirmationCode };
    const partial = await st.client.refund({ ...base, amount: 100 });
    expect(partial).toEqual({ accepted: false, message: 'Mobile money payments can only be refunded in full.' });
    expect((await st.client.refund({ ...base, amount: 2500 })).accepted).toBe(true);
  });
});

describe('CancelOrder', () => {
  it('cancels a pending order once, then the hosted page refuses payment', async () => {
    const { s, client, newOrder } = await setup();
    const o = await newOrder();
    expect(await client.cancelOrder(o.orderTrackingId)).toEqual({ cancelled: true, message: 'Order successfully cancelled.' });
    expect((await client.cancelOrder(o.orderTrackingId)).cancelled).toBe(false);
    const page = await fetch(o.redirectUrl);
    expect(await page.text()).toContain('can no longer be paid');
    expect(page.status).toBe(410);
    expect((await choose(s, o.orderTrackingId, 'card')).status).toBe(409);
    await expect(s.sim.complete(o.orderTrackingId, 'card')).rejects.toThrow(/no longer be paid/);
    expect((await client.getTransactionStatus(o.orderTrackingId)).statusCode).toBe(0);
  });

  it('cancels a failed order but not a completed one or an unknown one', async () => {
    const { s, client, newOrder } = await setup();
    const failed = await newOrder();
    await s.sim.complete(failed.orderTrackingId, 'fail');
    expect((await client.cancelOrder(failed.orderTrackingId)).cancelled).toBe(true);
    // Cancelled after the decline: the customer can no longer retry there.
    await expect(s.sim.complete(failed.orderTrackingId, 'card')).rejects.toThrow(/no longer be paid/);
    expect((await client.getTransactionStatus(failed.orderTrackingId)).status).toBe('FAILED');
    const done = await newOrder();
    await s.sim.complete(done.orderTrackingId, 'card');
    expect(await client.cancelOrder(done.orderTrackingId)).toEqual({
      cancelled: false,
      message: 'Order has already been paid and cannot be cancelled.',
    });
    expect((await client.cancelOrder('00000000-0000-0000-0000-000000000000')).cancelled).toBe(false);
  });
});

describe('reset()', () => {
  it('forgets tokens, IPNs, orders and switches, and cancels pending M-Pesa completions', async () => {
    const { s, ipn, newOrder } = await setup({ sim: { mpesaDelayMs: 100 } });
    const o = await newOrder();
    s.sim.switches.dropIpn = true;
    await s.sim.complete(o.orderTrackingId, 'mpesa');
    s.sim.reset();
    await s.sim.idle();
    expect(s.sim.state.orders.size).toBe(0);
    expect(s.sim.state.tokens.size).toBe(0);
    expect(s.sim.state.ipns.size).toBe(0);
    expect(s.sim.switches).toEqual({
      duplicateIpn: false,
      lateIpnMs: 0,
      dropIpn: false,
      authErrorHttpStatus: 200,
      mpesaShillings: 'exact',
      refundsPerPayment: 'one',
      partialRefundsShow: 'reversed',
      refundApproveAfterSeconds: null,
    });
    await sleep(150);
    expect(ipn.hits).toHaveLength(0);
  });
});
