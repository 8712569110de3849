import { describe, expect, it } from 'vitest';
import { createPesapalClient, parseEatDate, pesapalBaseUrl } from '@/server/integrations/pesapal/pesapal-client';
import { PesapalError } from '@/server/integrations/pesapal/pesapal-types';
import { SIM_KEY, SIM_SECRET, sendJson, serversClosedAfterEachTest, type TestServer } from '../support/pesapal-test-helpers';

const { sim, raw, receiver: ipnReceiver } = serversClosedAfterEachTest();

async function rejection(p: Promise<unknown>): Promise<PesapalError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PesapalError);
    return e as PesapalError;
  }
  throw new Error('expected a rejection');
}

function order(notificationId: string, id = `ORDER-${crypto.randomUUID()}`) {
  return {
    id,
    currency: 'KES',
    amount: 1234.5,
    description: 'Fresh tilapia, 2 kg',
    callbackUrl: 'https://shop.test/checkout/return',
    notificationId,
    billingAddress: { emailAddress: 'buyer@example.com', phoneNumber: '0712345678', countryCode: 'KE', firstName: 'Amina' },
  };
}

const TOKEN_OK = {
  token: 'tok-from-double',
  expiryDate: '2099-01-01T00:00:00.0000000Z',
  error: null,
  status: '200',
  message: 'Request processed successfully',
};

describe('pesapalBaseUrl', () => {
  it('maps environments to the documented bases', () => {
    expect(pesapalBaseUrl('sandbox')).toBe('https://cybqa.pesapal.com/pesapalv3');
    expect(pesapalBaseUrl('live')).toBe('https://pay.pesapal.com/v3');
  });
});

describe('parseEatDate', () => {
  it('reads zone-less dates as EAT (+03:00) and keeps explicit zones', () => {
    expect(parseEatDate('2024-03-18T18:25:46.75')?.toISOString()).toBe('2024-03-18T15:25:46.750Z');
    expect(parseEatDate('2022-04-30T07:41:09.763')?.toISOString()).toBe('2022-04-30T04:41:09.763Z');
    expect(parseEatDate('2024-03-18T08:23:21.1688946Z')?.toISOString()).toBe('2024-03-18T08:23:21.168Z');
    expect(parseEatDate('2024-03-18T18:25:46')?.toISOString()).toBe('2024-03-18T15:25:46.000Z');
    expect(parseEatDate('')).toBeNull();
    expect(parseEatDate(null)).toBeNull();
    expect(parseEatDate('yesterday')).toBeNull();
  });
});

describe('token handling against the simulator', () => {
  it('requests one token for many calls', async () => {
    const s = await sim();
    const client = s.client();
    await client.registerIpn('https://shop.test/ipn');
    for (let i = 0; i < 5; i++) await client.listIpns();
    await client.getTransactionStatus('00000000-0000-0000-0000-000000000000');
    expect(s.count('RequestToken')).toBe(1);
    expect(s.count('GetIpnList')).toBe(5);
  });

  it('refreshes 60 s before the 5-minute cap, even when the server grants an hour', async () => {
    let t = Date.parse('2024-03-18T07:00:00Z');
    const now = () => t;
    const s = await sim({ now, tokenTtlSeconds: 3600 });
    const client = s.client({ now });
    await client.listIpns();
    t += 3 * 60_000;
    await client.listIpns();
    expect(s.count('RequestToken')).toBe(1);
    t += 61_000; // 4 min 1 s after issue: inside the 60 s margin of the 5-minute cap
    await client.listIpns();
    expect(s.count('RequestToken')).toBe(2);
  });

  it('refreshes short-lived tokens halfway through their life', async () => {
    let t = Date.parse('2024-03-18T07:00:00Z');
    const now = () => t;
    const s = await sim({ now, tokenTtlSeconds: 30 });
    const client = s.client({ now });
    await client.listIpns();
    t += 14_000;
    await client.listIpns();
    expect(s.count('RequestToken')).toBe(1);
    t += 2_000;
    await client.listIpns();
    expect(s.count('RequestToken')).toBe(2);
  });

  it('serialises concurrent refreshes into one RequestToken', async () => {
    let t = Date.now();
    const now = () => t;
    const s = await sim({ now });
    const client = s.client({ now });
    await Promise.all(Array.from({ length: 10 }, () => client.listIpns()));
    expect(s.count('RequestToken')).toBe(1);
    t += 10 * 60_000;
    await Promise.all(Array.from({ length: 10 }, () => client.getTransactionStatus('x')));
    expect(s.count('RequestToken')).toBe(2);
    expect(s.count('GetTransactionStatus')).toBe(10);
  });

  it('reports bad credentials as an authentication_error and caches nothing', async () => {
    const s = await sim();
    const client = s.client({ consumerSecret: 'wrong' });
    const err = await rejection(client.listIpns());
    expect(err.code).toBe('invalid_api_credentials_provided');
    expect(err.errorType).toBe('authentication_error');
    expect(err.message).toBe('Invalid Access Token');
    expect(err.httpStatus).toBe(200);
    await rejection(client.listIpns());
    expect(s.count('RequestToken')).toBe(2);
    expect(s.count('GetIpnList')).toBe(0);

    s.sim.switches.authErrorHttpStatus = 401;
    const err401 = await rejection(client.listIpns());
    expect(err401.code).toBe('invalid_api_credentials_provided');
    expect(err401.httpStatus).toBe(401);
  });

  it('drops an expired token, refreshes once and retries once', async () => {
    let simTime = Date.now();
    const s = await sim({ now: () => simTime, tokenTtlSeconds: 300 });
    const client = s.client(); // the client's clock does not move: it believes its token is fresh
    const ipn = await client.registerIpn('https://shop.test/ipn');
    simTime += 301_000; // the server now considers the token expired
    const list = await client.listIpns();
    expect(list).toEqual([{ ipnId: ipn.ipnId, url: 'https://shop.test/ipn' }]);
    expect(s.count('RequestToken')).toBe(2);
    expect(s.count('GetIpnList')).toBe(2);
  });

  it('retries an auth error only once', async () => {
    const s = await sim();
    // Corrupt the bearer on every authenticated call: the server keeps refusing it.
    const corrupting: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (headers.has('Authorization')) headers.set('Authorization', 'Bearer not-a-token');
      return fetch(input, { ...init, headers });
    };
    const client = s.client({ fetch: corrupting });
    const err = await rejection(client.listIpns());
    expect(err.code).toBe('invalid_api_credentials_provided');
    expect(s.count('GetIpnList')).toBe(2);
    expect(s.count('RequestToken')).toBe(2);
  });

  it('also recovers from an expired token on SubmitOrderRequest (HTTP 500 auth error)', async () => {
    let simTime = Date.now();
    const s = await sim({ now: () => simTime });
    s.sim.switches.authErrorHttpStatus = 500;
    const client = s.client();
    const { ipnId } = await client.registerIpn('https://shop.test/ipn');
    simTime += 3_600_000;
    const res = await client.submitOrder(order(ipnId));
    expect(res.orderTrackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.count('SubmitOrderRequest')).toBe(2);
    expect(s.sim.state.orders.size).toBe(1);
  });
});

describe('IPN registration', () => {
  it('registers GET and POST IPN URLs and lists them', async () => {
    const s = await sim();
    const client = s.client();
    const a = await client.registerIpn('https://shop.test/ipn');
    const b = await client.registerIpn('https://shop.test/ipn-post', 'POST');
    expect(a.ipnId).not.toBe(b.ipnId);
    expect(await client.listIpns()).toEqual([a, b]);
    expect(s.sim.state.ipns.get(b.ipnId)?.method).toBe('POST');
  });

  it('rejects a non-URL before calling', async () => {
    const s = await sim();
    const err = await rejection(s.client().registerIpn('not a url'));
    expect(err.code).toBe('invalid_input');
    expect(s.count('RegisterIPN')).toBe(0);
  });
});

describe('submitOrder', () => {
  it('maps the input to the snake_case body and returns the hosted page URL', async () => {
    const s = await sim();
    const bodies: unknown[] = [];
    const spying: typeof fetch = (input, init) => {
      if (String(input).endsWith('/SubmitOrderRequest')) bodies.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    };
    const client = s.client({ fetch: spying });
    const { ipnId } = await client.registerIpn('https://shop.test/ipn');
    const input = {
      ...order(ipnId, 'ORDER-42-1'),
      description: `${'x'.repeat(99)}🐟 and more`,
      cancellationUrl: 'https://shop.test/checkout/cancelled',
      redirectMode: 'PARENT_WINDOW' as const,
    };
    const res = await client.submitOrder(input);
    expect(res.merchantReference).toBe('ORDER-42-1');
    expect(res.redirectUrl).toBe(`${s.apiBase}/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=${res.orderTrackingId}`);
    expect(bodies[0]).toEqual({
      id: 'ORDER-42-1',
      currency: 'KES',
      amount: 1234.5,
      description: 'x'.repeat(99), // the fish would be split: cut before it
      callback_url: 'https://shop.test/checkout/return',
      cancellation_url: 'https://shop.test/checkout/cancelled',
      redirect_mode: 'PARENT_WINDOW',
      notification_id: ipnId,
      billing_address: { email_address: 'buyer@example.com', phone_number: '0712345678', country_code: 'KE', first_name: 'Amina' },
    });
    const stored = s.sim.state.orders.get(res.orderTrackingId);
    expect(stored?.amountCents).toBe(123450);
    expect(stored?.redirectMode).toBe('PARENT_WINDOW');
  });

  it.each([
    ['id with an underscore', { id: 'ORDER_1' }],
    ['id longer than 50', { id: 'A'.repeat(51) }],
    ['amount with 3 decimals', { amount: 10.005 }],
    ['zero amount', { amount: 0 }],
    ['currency', { currency: 'KSHS' }],
    ['relative callback', { callbackUrl: '/checkout/return' }],
    ['no email and no phone', { billingAddress: { emailAddress: '' } }],
  ])('refuses %s before calling Pesapal', async (_label, patch) => {
    const s = await sim();
    const client = s.client();
    const { ipnId } = await client.registerIpn('https://shop.test/ipn');
    const err = await rejection(client.submitOrder({ ...order(ipnId), ...patch }));
    expect(err.code).toBe('invalid_input');
    expect(s.count('SubmitOrderRequest')).toBe(0);
  });

  it('surfaces the simulator’s error for an unknown notification_id, without retrying', async () => {
    const s = await sim();
    const client = s.client();
    const err = await rejection(client.submitOrder(order('fe078e53-78da-4a83-aa89-e7ded5c456e6')));
    expect(err.code).toBe('invalid_api_request_parameters');
    expect(err.errorType).toBe('invalid_request_error');
    expect(err.message).toBe('Invalid IPN URL ID provided.Check format and try again');
    expect(s.count('SubmitOrderRequest')).toBe(1);
  });
});

describe('getTransactionStatus against the simulator', () => {
  it('reads an unpaid order as PENDING (not an error), with EAT dates parsed', async () => {
    const created = Date.parse('2024-03-18T15:25:46.750Z');
    const s = await sim({ now: () => created });
    const client = s.client({ now: () => created });
    const { ipnId } = await client.registerIpn('https://shop.test/ipn');
    const { orderTrackingId } = await client.submitOrder(order(ipnId, 'ORDER-7'));
    const st = await client.getTransactionStatus(orderTrackingId);
    expect(st).toMatchObject({
      statusCode: 0,
      status: 'PENDING',
      description: null,
      paymentMethod: '',
      amountCents: 123450,
      currency: 'KES',
      merchantReference: 'ORDER-7',
      confirmationCode: '',
      paymentAccount: '',
    });
    expect(st.createdAt?.toISOString()).toBe('2024-03-18T15:25:46.750Z');
    expect((st.raw as { created_date: string }).created_date).toBe('2024-03-18T18:25:46.75');
    expect((st.raw as { status: string }).status).toBe('500');
  });

  it('reads an unknown tracking id as status 0', async () => {
    const s = await sim();
    const st = await s.client().getTransactionStatus('11111111-2222-3333-4444-555555555555');
    expect(st.statusCode).toBe(0);
    expect(st.status).toBe('PENDING');
    expect(st.merchantReference).toBe('');
  });

  it('maps card, failed and reversed outcomes', async () => {
    const s = await sim();
    const client = s.client();
    const { ipnId } = await client.registerIpn('https://shop.test/ipn');
    const paid = await client.submitOrder(order(ipnId));
    const failed = await client.submitOrder(order(ipnId));
    await s.sim.complete(paid.orderTrackingId, 'card');
    await s.sim.complete(failed.orderTrackingId, 'fail');

    const p = await client.getTransactionStatus(paid.orderTrackingId);
    expect(p).toMatchObject({
      statusCode: 1,
      status: 'COMPLETED',
      paymentMethod: 'Visa',
      paymentAccount: '476173**0010',
      amountCents: 123450,
    });
    expect(p.confirmationCode).toMatch(/^\d{22}$/);
    expect(Math.abs((p.createdAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);

    const f = await client.getTransactionStatus(failed.orderTrackingId);
    expect(f).toMatchObject({
      statusCode: 2,
      status: 'FAILED',
      description: 'Unable to Authorize Transaction.Kindly contact your bank for assistance',
    });

    await s.sim.complete(paid.orderTrackingId, 'reverse');
    expect((await client.getTransactionStatus(paid.orderTrackingId)).status).toBe('REVERSED');
  });
});

describe('refund and cancelOrder against the simulator', () => {
  it('returns accepted/cancelled flags instead of throwing on rejections', async () => {
    const s = await sim();
    const client = s.client();
    const { ipnId } = await client.registerIpn('https://shop.test/ipn');
    const a = await client.submitOrder(order(ipnId));
    await s.sim.complete(a.orderTrackingId, 'card');
    const { confirmationCode } = await client.getTransactionStatus(a.orderTrackingId);

    expect(await client.refund({ confirmationCode, amount: 100, username: 'admin@shop.test', remarks: 'Damaged' })).toEqual({
      accepted: true,
      message: 'Refund request successfully',
    });
    const again = await client.refund({ confirmationCode, amount: 100, username: 'admin@shop.test', remarks: 'Again' });
    expect(again.accepted).toBe(false);
    expect(again.message).toMatch(/already/);

    const b = await client.submitOrder(order(ipnId));
    expect(await client.cancelOrder(b.orderTrackingId)).toEqual({ cancelled: true, message: 'Order successfully cancelled.' });
    expect((await client.cancelOrder(b.orderTrackingId)).cancelled).toBe(false);
    expect((await client.cancelOrder(a.orderTrackingId)).cancelled).toBe(false);
  });

  it('validates refund input before calling', async () => {
    const s = await sim();
    const err = await rejection(s.client().refund({ confirmationCode: 'X', amount: 1.234, username: 'a', remarks: 'b' }));
    expect(err.code).toBe('invalid_input');
    expect(s.count('RefundRequest')).toBe(0);
  });
});

describe('quirks the simulator does not produce (raw node:http test double)', () => {
  function client(server: TestServer, extra: Partial<Parameters<typeof createPesapalClient>[0]> = {}) {
    return createPesapalClient({ baseUrl: `${server.url}/pesapalv3`, consumerKey: 'k', consumerSecret: 's', ...extra });
  }
  const count = (server: TestServer, suffix: string) => server.hits.filter((h) => h.url.pathname.endsWith(suffix)).length;

  it('parses a JSON error body under HTTP 500', async () => {
    const server = await raw((req, res) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      sendJson(res, 500, {
        error: {
          error_type: 'api_error',
          code: 'missing_mandatory_billing_address',
          message: 'Please provide billing details information on your API request.',
        },
        status: '500',
      });
    });
    const err = await rejection(client(server).submitOrder(order('ipn')));
    expect(err.code).toBe('missing_mandatory_billing_address');
    expect(err.errorType).toBe('api_error');
    expect(err.httpStatus).toBe(500);
    expect(count(server, '/SubmitOrderRequest')).toBe(1);
  });

  it('turns an HTML error page into invalid_response; retries it only for idempotent calls on 502–504', async () => {
    const html = '<!DOCTYPE html><html><head><title>502 Bad gateway</title></head><body>cloudflare</body></html>';
    const server = await raw((req, res) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end(html);
    });
    const c = client(server, { retries: 2 });
    const statusErr = await rejection(c.getTransactionStatus('abc'));
    expect(statusErr.code).toBe('invalid_response');
    expect(statusErr.httpStatus).toBe(502);
    expect(String(statusErr.body)).toContain('502 Bad gateway');
    expect(count(server, '/GetTransactionStatus')).toBe(3);

    const submitErr = await rejection(c.submitOrder(order('ipn')));
    expect(submitErr.code).toBe('invalid_response');
    expect(count(server, '/SubmitOrderRequest')).toBe(1);
  });

  it('times out a hanging request and retries idempotent calls only', async () => {
    const server = await raw((req, res) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      // otherwise: never answer
    });
    // Long enough that each try reaches the server on a busy machine before it is given up.
    const c = client(server, { timeoutMs: 800, retries: 2 });
    const started = Date.now();
    const err = await rejection(c.getTransactionStatus('abc'));
    expect(err.code).toBe('timeout');
    expect(err.httpStatus).toBe(0);
    expect(count(server, '/GetTransactionStatus')).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 800 + 250 + 500 - 20); // 3 timeouts + backoff 250, 500

    const submitErr = await rejection(c.submitOrder(order('ipn')));
    expect(submitErr.code).toBe('timeout');
    expect(count(server, '/SubmitOrderRequest')).toBe(1);
  });

  it('retries network errors on idempotent calls and succeeds', async () => {
    const server = await raw((req, res, hit) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      if (hit <= 2) {
        res.socket?.destroy(); // connection reset
        return;
      }
      sendJson(res, 200, []);
    });
    expect(await client(server).listIpns()).toEqual([]);
    expect(count(server, '/GetIpnList')).toBe(2);
  });

  it('accepts the all-null error object on success and the ipn_status_decription typo', async () => {
    const server = await raw((req, res) => {
      const p = req.url.pathname;
      if (p.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      if (p.endsWith('/RegisterIPN')) {
        return sendJson(res, 200, {
          id: 4252,
          url: 'http://lehner.com/ipn',
          created_date: '2024-03-18T07:13:57.9787143Z',
          ipn_id: '608fe0d3-4901-47e9-a2cb-dd754940a155',
          notification_type: 0,
          ipn_notification_type_description: 'GET',
          ipn_status: 1,
          ipn_status_decription: 'Active',
          error: null,
          status: '200',
        });
      }
      // Pesapal's docs sample, verbatim (FAILED card).
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        '{"payment_method":"Visa","amount":100,"created_date":"2022-04-30T07:41:09.763","confirmation_code":"6513008693186320103009",' +
          '"payment_status_description":"Failed","description":"Unable to Authorize Transaction.Kindly contact your bank for assistance",' +
          '"message":"Request processed successfully","payment_account":"476173**0010",' +
          '"call_back_url":"https://test.com/?OrderTrackingId=7e6b62d9-883e-440f-a63e-e1105bbfadc3&OrderMerchantReference=1515111111",' +
          '"status_code":2,"merchant_reference":"1515111111","payment_status_code":"","currency":"KES",' +
          '"error":{"error_type":null,"code":null,"message":null,"call_back_url":null},"status":"200"}',
      );
    });
    const c = client(server);
    expect(await c.registerIpn('http://lehner.com/ipn')).toEqual({
      ipnId: '608fe0d3-4901-47e9-a2cb-dd754940a155',
      url: 'http://lehner.com/ipn',
    });
    const st = await c.getTransactionStatus('7e6b62d9-883e-440f-a63e-e1105bbfadc3');
    expect(st).toMatchObject({
      statusCode: 2,
      status: 'FAILED',
      paymentMethod: 'Visa',
      amountCents: 10000,
      confirmationCode: '6513008693186320103009',
      merchantReference: '1515111111',
    });
    expect(st.createdAt?.toISOString()).toBe('2022-04-30T04:41:09.763Z');
  });

  it('reads the recorded sandbox "Pending Payment" body (status "500" under HTTP 200) as PENDING', async () => {
    const server = await raw((req, res) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        '{"payment_method":"","amount":10.00,"created_date":"2024-03-18T18:25:46.75","confirmation_code":"",' +
          '"order_tracking_id":"96a5e1d9-f711-4423-82ce-dd758f972713","payment_status_description":"INVALID","description":null,' +
          '"message":"Request processed successfully","payment_account":"","call_back_url":"http://www.zemlak.com/?OrderTrackingId=x",' +
          '"status_code":0,"merchant_reference":"98771cd2-e240-3656-9e10-eb2f3d687ab2","payment_status_code":"","currency":"KES",' +
          '"error":{"error_type":"api_error","code":"payment_details_not_found","message":"Pending Payment","call_back_url":"http://www.zemlak.com/"},' +
          '"status":"500"}',
      );
    });
    const st = await client(server).getTransactionStatus('96a5e1d9-f711-4423-82ce-dd758f972713');
    expect(st).toMatchObject({ statusCode: 0, status: 'PENDING', amountCents: 1000, currency: 'KES' });
    expect(st.createdAt?.toISOString()).toBe('2024-03-18T15:25:46.750Z');
  });

  it('reads the amount exactly from a number or a string, and refuses one that is not an amount', async () => {
    const paid = {
      status_code: 1,
      payment_method: 'MpesaKE',
      confirmation_code: 'QK1',
      currency: 'KES',
      merchant_reference: 'ORD-1',
      error: null,
      status: '200',
    };
    const amounts: Record<string, unknown> = { num: 1234.5, str: '0.29', bad: 'abc', none: null, empty: '' };
    const server = await raw((req, res) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      const id = req.url.searchParams.get('orderTrackingId') ?? '';
      sendJson(res, 200, { ...paid, amount: amounts[id] });
    });
    const c = client(server);
    expect((await c.getTransactionStatus('num')).amountCents).toBe(123450);
    expect((await c.getTransactionStatus('str')).amountCents).toBe(29);
    for (const id of ['bad', 'none', 'empty']) {
      const err = await rejection(c.getTransactionStatus(id));
      expect(err.code).toBe('invalid_response');
      expect(err.message).toMatch(/^Pesapal GetTransactionStatus answered an unreadable status \(amount: /);
      expect(err.httpStatus).toBe(200);
    }
  });

  it('reads acknowledgements with the code in `error` or a numeric status, and a SubmitOrderRequest without a tracking id is an error', async () => {
    const server = await raw((req, res) => {
      const p = req.url.pathname;
      if (p.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      if (p.endsWith('/RefundRequest')) return sendJson(res, 200, { error: 200, message: 'Refund request successfully' });
      if (p.endsWith('/CancelOrder')) return sendJson(res, 200, { status: 500, message: 'Order already paid' });
      sendJson(res, 200, { order_tracking_id: '', redirect_url: 'https://pay.test/x', error: null, status: '200' });
    });
    const c = client(server);
    expect(await c.refund({ confirmationCode: 'QK1', amount: 10, username: 'a', remarks: 'b' })).toEqual({
      accepted: true,
      message: 'Refund request successfully',
    });
    expect(await c.cancelOrder('t-1')).toEqual({ cancelled: false, message: 'Order already paid' });
    const err = await rejection(c.submitOrder(order('ipn')));
    expect(err.code).toBe('invalid_response');
    expect(err.message).toContain('order_tracking_id');
  });

  it('does not cache a token response that carries no token', async () => {
    const server = await raw((_req, res) => sendJson(res, 200, { token: null, expiryDate: null, error: null, status: '200' }));
    const c = client(server);
    expect((await rejection(c.listIpns())).code).toBe('invalid_response');
    expect((await rejection(c.listIpns())).code).toBe('invalid_response');
    expect(count(server, '/RequestToken')).toBe(2);
    expect(count(server, '/GetIpnList')).toBe(0);
  });

  it('sends JSON headers, a User-Agent and the bearer token', async () => {
    const server = await raw((req, res) => {
      if (req.url.pathname.endsWith('/RequestToken')) return sendJson(res, 200, TOKEN_OK);
      sendJson(res, 200, []);
    });
    await client(server).listIpns();
    const [tokenReq, listReq] = server.hits;
    expect(tokenReq?.headers['content-type']).toBe('application/json');
    expect(tokenReq?.headers.accept).toBe('application/json');
    expect(tokenReq?.headers.authorization).toBeUndefined();
    expect(JSON.parse(tokenReq?.body ?? '')).toEqual({ consumer_key: 'k', consumer_secret: 's' });
    expect(listReq?.headers.authorization).toBe('Bearer tok-from-double');
    expect(listReq?.headers['user-agent']).toMatch(/pesapal-client/);
  });

  it('never logs the secret or the token', async () => {
    const logs: unknown[] = [];
    const s = await sim();
    const c = s.client({ log: (msg, data) => logs.push({ msg, data }) });
    const { ipnId } = await c.registerIpn('https://shop.test/ipn');
    const { orderTrackingId } = await c.submitOrder(order(ipnId));
    await c.getTransactionStatus(orderTrackingId);
    const text = JSON.stringify(logs);
    expect(logs.length).toBeGreaterThan(0);
    expect(text).not.toContain(SIM_SECRET);
    expect(text).not.toContain(SIM_KEY);
    for (const token of s.sim.state.tokens.keys()) expect(text).not.toContain(token);
  });
});

describe('mounted in a parent Hono app', () => {
  it('works through parent.route("/pesapal-sim", sim.app)', async () => {
    const { Hono } = await import('hono');
    const { createPesapalSimulator } = await import('@/server/dev/pesapal/create-pesapal-simulator');
    const receiver = await ipnReceiver();
    const simulator = createPesapalSimulator({ publicBaseUrl: () => 'http://shop.test/pesapal-sim', mpesaDelayMs: 10 });
    const parent = new Hono();
    parent.get('/', (c) => c.text('shop'));
    parent.route('/pesapal-sim', simulator.app);
    const viaParent: typeof fetch = async (input, init) => parent.fetch(new Request(input, init));
    const c = createPesapalClient({
      baseUrl: 'http://shop.test/pesapal-sim/pesapalv3',
      consumerKey: SIM_KEY,
      consumerSecret: SIM_SECRET,
      fetch: viaParent,
    });
    const { ipnId } = await c.registerIpn(`${receiver.url}/ipn`);
    const res = await c.submitOrder(order(ipnId));
    expect(res.redirectUrl).toBe(
      `http://shop.test/pesapal-sim/pesapalv3/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=${res.orderTrackingId}`,
    );
    const page = await parent.request(res.redirectUrl);
    const html = await page.text();
    expect(html).toContain(`action="/pesapal-sim/pesapalv3/pesapaliframe/PesapalIframe3/Choose?OrderTrackingId=${res.orderTrackingId}"`);
    const chosen = await parent.request(
      `/pesapal-sim/pesapalv3/pesapaliframe/PesapalIframe3/Choose?OrderTrackingId=${res.orderTrackingId}`,
      {
        method: 'POST',
        body: new URLSearchParams({ choice: 'card' }),
      },
    );
    expect(chosen.status).toBe(200);
    expect(receiver.hits).toHaveLength(1);
    expect((await c.getTransactionStatus(res.orderTrackingId)).status).toBe('COMPLETED');
    simulator.reset();
  });
});
