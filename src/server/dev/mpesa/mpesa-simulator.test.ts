// The Daraja client against the built-in simulator, in process: the shapes both speak, the token's
// life, each way a prompt ends, the callbacks (sent, lost, sent three times, late), and reversals.
import { beforeEach, describe, expect, it } from 'vitest';
import { createMpesaSimulator, type MpesaSimulator } from './mpesa-simulator';
import { createDarajaClient, darajaPassword } from '../../integrations/daraja/daraja-client';
import { DarajaError, type DarajaClient, type DarajaClientOptions } from '../../integrations/daraja/daraja-types';
import { parseStkCallback } from '../../integrations/daraja/stk-callback';
import { parseReversalResult } from '../../integrations/daraja/reversal-result';

const TILL = { shortcode: '7654321', passkey: 'till-passkey-0123456789abcdef', type: 'till' as const, partyB: '8765432' };
const KEYS = { key: 'consumer-key', secret: 'consumer-secret' };
const CALLBACK = 'http://shop.test/hooks/daraja/stk/secret-path-token';
const OPERATOR = { initiator: 'shopapi', securityCredential: 'c2VjcmV0LWVuY3J5cHRlZA==', identifierType: '11' };
const RESULT_URL = 'http://shop.test/api/payments/mpesa/reversal/secret-path-token';

let clock: number;
let sim: MpesaSimulator;
let callbacks: unknown[];

function client(over: Partial<DarajaClientOptions> = {}): DarajaClient {
  return createDarajaClient({
    baseUrl: 'http://mpesa.test',
    consumerKey: KEYS.key,
    consumerSecret: KEYS.secret,
    shortcode: TILL.shortcode,
    passkey: TILL.passkey,
    shortcodeType: 'till',
    partyB: TILL.partyB,
    now: () => new Date(clock),
    fetch: async (input, init) => sim.app.request(input instanceof Request ? input : String(input), init),
    ...over,
  });
}

const push = (c: DarajaClient, phone = '254712345678', amountShillings = 1450) =>
  c.stkPush({ amountShillings, phone, callbackUrl: CALLBACK, accountReference: '10482', description: 'Fish order from the lake' });

beforeEach(() => {
  clock = Date.parse('2026-11-27T09:30:00Z'); // a Friday, 12:30 in Nairobi
  callbacks = [];
  sim = createMpesaSimulator({
    shortcodes: [TILL],
    credentials: [KEYS],
    initiators: [{ name: OPERATOR.initiator, credential: OPERATOR.securityCredential }],
    now: () => new Date(clock),
    fetch: async (_url, init) => {
      callbacks.push(JSON.parse(String(init?.body)));
      return new Response('{"ResultCode":0,"ResultDesc":"Accepted"}');
    },
  });
});

describe('darajaPassword', () => {
  it("matches the sandbox's published password, byte for byte", () => {
    const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
    expect(darajaPassword('174379', passkey, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
    expect(darajaPassword('174379', passkey, '20250314093015')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjUwMzE0MDkzMDE1',
    );
  });
});

describe('a prompt from push to result', () => {
  it('is pending until the customer enters her PIN, then paid, with one callback that reads back', async () => {
    const c = client();
    const accepted = await push(c);
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_27112026123000\d{3}712345678$/);
    expect(await c.stkQuery(accepted.checkoutRequestId)).toEqual({ state: 'pending' });

    const [prompt] = sim.core.prompts.values();
    expect(prompt).toMatchObject({ phone: '254712345678', amount: 1450, accountReference: '10482' });
    clock += 20_000;
    sim.core.resolve(accepted.checkoutRequestId, '0');
    await sim.core.tick();

    expect(callbacks).toHaveLength(1);
    const read = parseStkCallback(callbacks[0]);
    expect(read).toMatchObject({
      checkoutRequestId: accepted.checkoutRequestId,
      resultCode: '0',
      amountShillings: 1450,
      phone: '254712345678',
    });
    expect(read?.receipt).toMatch(/^UKR[A-Z0-9]{7}$/); // 2026, November, the 27th
    expect(read?.transactionDate?.toISOString()).toBe('2026-11-27T09:30:20.000Z');
    expect(await c.stkQuery(accepted.checkoutRequestId)).toEqual({
      state: 'final',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
    });
  });

  it('reads a cancelled prompt as final, with no metadata in its callback', async () => {
    const c = client();
    const { checkoutRequestId } = await push(c);
    sim.core.resolve(checkoutRequestId, '1032');
    await sim.core.tick();
    expect(parseStkCallback(callbacks[0])).toMatchObject({ resultCode: '1032', amountShillings: null, receipt: null });
    expect(await c.stkQuery(checkoutRequestId)).toMatchObject({ state: 'final', resultCode: '1032' });
  });

  it('ends a prompt nobody answers after a minute with 1037', async () => {
    const c = client();
    const { checkoutRequestId } = await push(c);
    clock += 59_000;
    expect(await c.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' });
    clock += 1_000;
    expect(await c.stkQuery(checkoutRequestId)).toMatchObject({ state: 'final', resultCode: '1037' });
  });

  it('refuses a second prompt to a phone that has one open, with the customer’s message', async () => {
    const c = client();
    await push(c);
    const err = await push(c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DarajaError);
    expect(err).toMatchObject({ kind: 'rejected', errorCode: '500.001.1001' });
    expect((err as Error).message).toBe('Another M-Pesa prompt is open on your phone. Finish or cancel it, then try again in a minute.');
  });
});

describe('callbacks on a bad day', () => {
  it('lost: none comes, and the query still tells the truth', async () => {
    const c = client();
    const { checkoutRequestId } = await push(c, '254708000005');
    await sim.core.tick();
    expect(callbacks).toHaveLength(0);
    expect(await c.stkQuery(checkoutRequestId)).toMatchObject({ state: 'final', resultCode: '0' });
  });

  it('duplicated: the same body comes three times', async () => {
    await push(client(), '254708000006');
    clock += 5_000;
    await sim.core.tick();
    expect(callbacks).toHaveLength(3);
    expect(new Set(callbacks.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('late: it comes after the set delay, once the clock gets there', async () => {
    sim.core.switches.callback = 'late';
    sim.core.switches.lateMs = 10 * 60_000;
    const { checkoutRequestId } = await push(client());
    sim.core.resolve(checkoutRequestId, '0');
    clock += 9 * 60_000;
    await sim.core.tick();
    expect(callbacks).toHaveLength(0);
    clock += 60_000;
    await sim.core.tick();
    expect(callbacks).toHaveLength(1);
  });

  it('a till sent as a paybill is accepted, then fails in its callback with 2028', async () => {
    const { checkoutRequestId } = await push(client({ shortcodeType: 'paybill' }));
    await sim.core.tick();
    expect(parseStkCallback(callbacks[0])).toMatchObject({ checkoutRequestId, resultCode: '2028' });
  });
});

describe('the token and refused requests', () => {
  it('keeps one token for its hour, and gets a new one when it is refused', async () => {
    let tokenCalls = 0;
    const c = client({
      fetch: async (input, init) => {
        if (String(input).includes('/oauth/')) tokenCalls += 1;
        return sim.app.request(String(input), init);
      },
    });
    await push(c, '254712000001');
    await push(c, '254712000002');
    expect(tokenCalls).toBe(1);
    // The simulator's token ends at 3599 s; the client renews a minute before.
    clock += 3_540_000;
    await push(c, '254712000003');
    expect(tokenCalls).toBe(2);
    // Another process's new token ends this one: the push is refused with 404.001.03, and made again once with a new token.
    sim.core.switches.tokenInvalidatesPrevious = true;
    await push(client(), '254712000004');
    const accepted = await push(c, '254712000005');
    expect(tokenCalls).toBe(3);
    expect(sim.core.prompts.get(accepted.checkoutRequestId)?.phone).toBe('254712000005');
    expect([...sim.core.prompts.values()].filter((p) => p.phone === '254712000005')).toHaveLength(1);
  });

  it("says the shop's settings are wrong for wrong keys, a wrong passkey or an unknown shortcode", async () => {
    await expect(push(client({ consumerSecret: 'nope' }))).rejects.toMatchObject({ kind: 'auth' });
    await expect(push(client({ passkey: 'nope' }))).rejects.toMatchObject({ kind: 'auth', errorCode: '500.001.1001' });
    await expect(push(client({ shortcode: '1111111' }))).rejects.toMatchObject({ kind: 'auth' });
  });

  it('refuses a fraction of a shilling and a number M-Pesa cannot prompt, naming the field', async () => {
    await expect(push(client(), '254712345678', 1450.5)).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Bad Request - Invalid Amount',
    });
    await expect(push(client(), '0712345678')).rejects.toMatchObject({ kind: 'rejected', message: 'Bad Request - Invalid PartyA' });
  });

  it('is unavailable when nothing answers, and cannot read an HTML error page', async () => {
    await expect(
      push(
        client({
          fetch: () => Promise.reject(new TypeError('fetch failed')),
        }),
      ),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(push(client({ fetch: () => Promise.resolve(new Response('<html>502</html>', { status: 502 })) }))).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });
});

describe('reversals', () => {
  const reverse = (c: DarajaClient, receipt: string, amountShillings = 1450) =>
    c.reversal({
      receipt,
      amountShillings,
      resultUrl: RESULT_URL,
      queueTimeoutUrl: `${RESULT_URL}/timeout`,
      remarks: 'Order cancelled',
      occasion: 'refund-1',
    });

  /** A paid prompt's receipt. */
  async function paidReceipt(c: DarajaClient): Promise<string> {
    const { checkoutRequestId } = await push(c);
    sim.core.resolve(checkoutRequestId, '0');
    await sim.core.tick();
    callbacks = [];
    return sim.core.prompts.get(checkoutRequestId)!.result!.receipt!;
  }

  it('accepts the request at once and posts the result later; a second reversal of the receipt is R000001', async () => {
    const c = client({ reversal: OPERATOR });
    const receipt = await paidReceipt(c);
    const accepted = await reverse(c, receipt);
    expect(accepted.conversationId).toMatch(/^AG_20261127_[0-9a-f]{20}$/);
    expect(accepted.responseDescription).toBe('Accept the service request successfully.');
    expect(callbacks).toHaveLength(0);
    await sim.core.tick();
    expect(callbacks.map(parseReversalResult)).toEqual([
      expect.objectContaining({ resultCode: '0', conversationId: accepted.conversationId, occasion: 'refund-1' }),
    ]);

    const again = await reverse(c, receipt);
    await sim.core.tick();
    expect(parseReversalResult(callbacks[1])).toMatchObject({ resultCode: 'R000001', conversationId: again.conversationId });
  });

  it('fails in the result, not the answer, for a receipt it never issued, another amount or an unknown operator', async () => {
    const c = client({ reversal: OPERATOR });
    const receipt = await paidReceipt(c);
    await reverse(c, 'UKR0000000');
    await reverse(c, receipt, 1000);
    await reverse(client({ reversal: { ...OPERATOR, securityCredential: 'another' } }), receipt);
    await sim.core.tick();
    expect(callbacks.map((b) => parseReversalResult(b)?.resultCode)).toEqual(['R000002', 'R000002', '2001']);
    // None of them reversed it.
    await reverse(c, receipt);
    await sim.core.tick();
    expect(parseReversalResult(callbacks[3])?.resultCode).toBe('0');
  });

  it('takes the till number as the receiver as well as the store number, and nothing else', async () => {
    const c = client({ reversal: OPERATOR });
    const receipt = await paidReceipt(c);
    await reverse(client({ reversal: { ...OPERATOR, receiverParty: '1111111' } }), receipt);
    await reverse(client({ reversal: { ...OPERATOR, receiverParty: TILL.partyB } }), receipt);
    await sim.core.tick();
    expect(callbacks.map((b) => parseReversalResult(b)?.resultCode)).toEqual(['R000002', '0']);
  });

  it("refuses a request with a field missing in Daraja's envelope, and a client without an operator sends nothing", async () => {
    const c = client({ reversal: OPERATOR });
    await expect(reverse(c, 'not-a-receipt')).rejects.toMatchObject({ kind: 'rejected', message: 'Bad Request - Invalid TransactionID' });
    await expect(reverse(client({ reversal: { ...OPERATOR, initiator: '' } }), 'UKR0000000')).rejects.toMatchObject({
      message: 'Bad Request - Invalid Initiator',
    });
    await expect(reverse(client(), 'UKR0000000')).rejects.toMatchObject({ kind: 'auth' });
    expect(sim.core.reversals.size).toBe(0);
  });

  it('sends the result nowhere when the switch loses it, and forces a result when told', async () => {
    const c = client({ reversal: OPERATOR });
    const receipt = await paidReceipt(c);
    sim.core.switches.reversalCallback = 'lost';
    await reverse(c, receipt);
    await sim.core.tick();
    expect(callbacks).toHaveLength(0);
    sim.core.switches.reversalCallback = 'send';
    sim.core.switches.reversalResult = '21';
    await reverse(c, receipt);
    await sim.core.tick();
    expect(parseReversalResult(callbacks[0])).toMatchObject({ resultCode: '21' });
  });
});

describe('parseStkCallback', () => {
  it('reads text result codes, items in any order and a Balance without a value', () => {
    const read = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254708374149 },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20191219102115 },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'Amount', Value: 1.0 },
            ],
          },
        },
      },
    });
    expect(read).toMatchObject({ resultCode: '0', amountShillings: 1, receipt: 'NLJ7RT61SV', phone: '254708374149' });
    expect(
      parseStkCallback({
        Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 'SFC_IC0003', ResultDesc: 'x' } },
      }),
    ).toMatchObject({ resultCode: 'SFC_IC0003', receipt: null });
  });

  it('reads anything else as no callback', () => {
    expect(parseStkCallback({})).toBeNull();
    expect(parseStkCallback('{"Body":1}')).toBeNull();
    expect(parseStkCallback({ Body: { stkCallback: { ResultCode: 0 } } })).toBeNull();
  });
});
