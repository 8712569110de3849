import { describe, expect, it } from 'vitest';
import { createEtimsClient } from './etims-client';
import { EtimsError, type EtimsClientOptions } from './etims-types';

interface Seen {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A client whose fetch answers each call with the next canned reply, recording what was sent. */
function clientAnswering(replies: (Response | 'hang')[], opts: Partial<EtimsClientOptions> = {}) {
  const seen: Seen[] = [];
  const client = createEtimsClient({
    baseUrl: 'https://etims.test/etims-api/',
    gateway: 'legacy',
    tin: 'P051234567X',
    bhfId: '00',
    timeoutMs: 50,
    ...opts,
    fetch: async (input, init) => {
      const req = new Request(input as RequestInfo, init);
      const text = req.method === 'POST' ? await req.text() : '';
      seen.push({ url: req.url, headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      const reply = replies.shift();
      if (!reply) throw new Error('no reply left');
      if (reply === 'hang') return new Promise<Response>(() => {});
      return reply;
    },
  });
  return { client, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const envelope = (resultCd: string, resultMsg: string, data: unknown = null) =>
  json({ resultCd, resultMsg, resultDt: '20260302101205', data });

async function failure(promise: Promise<unknown>): Promise<EtimsError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof EtimsError) return err;
    throw err;
  }
  throw new Error('expected an EtimsError');
}

describe('eTIMS client', () => {
  it('initialises a device and reads sdcId under either spelling', async () => {
    const info = { tin: 'P051234567X', taxprNm: 'Samaki', bhfId: '00', bhfNm: 'HQ', dvcId: '9999', mrcNo: 'WIS01', cmcKey: 'abc123' };
    const { client, seen } = clientAnswering([
      envelope('000', 'Successful', { info: { ...info, sdcId: 'KRACU0400000001' } }),
      envelope('000', 'It is succeeded', { info: { ...info, sdicId: 'KRACU013000001' } }),
    ]);
    expect(await client.initialize('SN-1')).toMatchObject({ sdcId: 'KRACU0400000001', cmcKey: 'abc123', dvcId: '9999' });
    expect((await client.initialize('SN-1')).sdcId).toBe('KRACU013000001');
    expect(seen[0]?.url).toBe('https://etims.test/etims-api/selectInitOsdcInfo');
    expect(seen[0]?.body).toMatchObject({ tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'SN-1' });
    expect(seen[0]?.headers.get('tin')).toBe('P051234567X');
  });

  it('reads a signed sale with counters as text and a key with a trailing space, and sends the key as a header', async () => {
    const { client, seen } = clientAnswering([
      envelope('000', 'Successful', {
        'curRcptNo ': '41',
        totRcptNo: 41,
        intrlData: 'AAAABBBBCCCCDDDDEEEEFFFFGA',
        rcptSign: 'SZBBFW4DCZ7HAGPH',
        sdcDateTime: '20260302101205',
      }),
    ]);
    const receipt = await client.saveSale('the-key', { invcNo: 41 } as never);
    expect(receipt).toEqual({
      curRcptNo: 41,
      totRcptNo: 41,
      intrlData: 'AAAABBBBCCCCDDDDEEEEFFFFGA',
      rcptSign: 'SZBBFW4DCZ7HAGPH',
      sdcDateTime: new Date('2026-03-02T07:12:05Z'),
    });
    expect(seen[0]?.url).toBe('https://etims.test/etims-api/saveTrnsSalesOsdc');
    expect(seen[0]?.headers.get('cmcKey')).toBe('the-key');
  });

  it('looks an invoice up: the receipt with a dashed date, or null for 001', async () => {
    const { client } = clientAnswering([
      envelope('000', 'Successful', {
        salesList: [
          {
            trdInvcNo: 'INV-7',
            rcptTyCd: 'S',
            totAmt: 1160,
            receipt: {
              curRcptNo: 7,
              totRcptNo: 7,
              intrlData: 'X'.repeat(26),
              rcptSign: 'Y'.repeat(16),
              sdcDateTime: '2026-09-18 11:00:36.0',
            },
          },
        ],
      }),
      envelope('001', 'There is no search result'),
    ]);
    expect(await client.lookupInvoice('k', 7)).toMatchObject({
      trdInvcNo: 'INV-7',
      totAmt: 1160,
      receipt: { curRcptNo: 7, sdcDateTime: new Date('2026-09-18T08:00:36Z') },
    });
    expect(await client.lookupInvoice('k', 8)).toBeNull();
  });

  it.each([
    [
      'a sequence error, naming the expected number',
      envelope('910', 'Invalid invcNo sequence, expected: 12 but found: 14'),
      'sequence',
      '910',
      12,
    ],
    ['the other sequence wording', envelope('910', 'Invc No: 14 is invalid, use the expected value: 12'), 'sequence', '910', 12],
    ['a payload refusal', envelope('910', 'Invalid taxblAmt on item: 1. Expected: 86.21, But Found: 100.00'), 'refused', '910', null],
    ['an invalid device', envelope('901', 'It is not valid device'), 'device', '901', null],
    ['overlapped data', envelope('994', 'Overlapped data'), 'duplicate', '994', null],
    ['an unknown error', envelope('999', 'Unknown error'), 'unreachable', '999', null],
    ['an HTML error page', new Response('<html>Bad gateway</html>', { status: 502 }), 'unreachable', 'http_error', null],
    [
      "the gateway's HTTP 400 with text",
      new Response('Invalid invcNo sequence, expected: 3 but found: 5', { status: 400 }),
      'sequence',
      'http_error',
      3,
    ],
    ["the gateway's HTTP 400 with a message", json({ message: 'Missing RfdDt Date' }, 400), 'refused', 'http_error', null],
    ['JSON without a result code', json({ hello: 'world' }), 'invalid_response', 'invalid_response', null],
  ])('maps %s to a typed error', async (_name, reply, kind, code, expected) => {
    const { client } = clientAnswering([reply]);
    const err = await failure(client.saveSale('k', { invcNo: 14 } as never));
    expect(err).toMatchObject({ kind, code, expectedInvcNo: expected });
  });

  it('refuses a success it cannot read (no signature) instead of guessing', async () => {
    const { client } = clientAnswering([
      envelope('000', 'Successful', { curRcptNo: '1', totRcptNo: '1', intrlData: 'X', sdcDateTime: '20260302101205' }),
    ]);
    const err = await failure(client.saveSale('k', { invcNo: 1 } as never));
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toContain('rcptSign');
  });

  it('times out a call that never answers, even when fetch ignores the abort', async () => {
    const { client } = clientAnswering(['hang']);
    const err = await failure(client.saveSale('k', { invcNo: 1 } as never));
    expect(err).toMatchObject({ kind: 'unreachable', code: 'timeout' });
  });

  it('uses the integrator gateway’s paths and one bearer token for several calls', async () => {
    const { client, seen } = clientAnswering(
      [json({ access_token: 'tok-1', expires_in: 3599 }), envelope('001', 'none'), envelope('001', 'none')],
      {
        gateway: 'integrator',
        baseUrl: 'https://sbx.kra.test/etims-oscu/api/v1',
        oauth: { tokenUrl: 'https://sbx.kra.test/v1/token/generate', consumerKey: 'ck', consumerSecret: 'cs', apigeeAppId: 'app-1' },
      },
    );
    expect(await client.codeLists('k', '20180101000000')).toEqual([]);
    expect(await client.itemClasses('k', '20180101000000')).toEqual([]);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual([
      '/v1/token/generate',
      '/etims-oscu/api/v1/selectCodeList',
      '/etims-oscu/api/v1/selectItemClass',
    ]);
    expect(seen[0]?.headers.get('authorization')).toBe(`Basic ${Buffer.from('ck:cs').toString('base64')}`);
    expect(seen[1]?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(seen[2]?.headers.get('apigee_app_id')).toBe('app-1');
  });

  it('reads code lists with the tax rates in userDfnCd1', async () => {
    const { client } = clientAnswering([
      envelope('000', 'Successful', {
        clsList: [{ cdCls: '04', cdClsNm: 'Taxation Type', dtlList: [{ cd: 'B', cdNm: 'B-16.00%', userDfnCd1: 16, useYn: 'Y' }] }],
      }),
    ]);
    expect(await client.codeLists('k', '20180101000000')).toEqual([
      { cdCls: '04', cdClsNm: 'Taxation Type', dtlList: [{ cd: 'B', cdNm: 'B-16.00%', userDfnCd1: '16', useYn: 'Y' }] },
    ]);
  });
});
