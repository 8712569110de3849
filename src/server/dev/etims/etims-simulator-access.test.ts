// The simulator's token endpoint and its three stricter switches: requireToken (every call needs a
// Bearer token it issued), strictFields (a field KRA's API does not name is refused) and
// lastReqMaxDays (a code-list pull older than that is refused), as the shop's real client meets them.
import { afterEach, describe, expect, it } from 'vitest';
import { priceInvoice } from '@/domain/etims-invoice';
import { TAX_BAND_RATE_BP } from '@/domain/tax-bands';
import { createEtimsClient } from '../../integrations/etims/etims-client';
import { buildSaleRequest } from '../../integrations/etims/etims-sale-request';
import { buildStockIORequest, buildStockMasterRequest } from '../../integrations/etims/etims-stock-request';
import { EtimsError, type EtimsClientOptions } from '../../integrations/etims/etims-types';
import { createEtimsSimulator, type EtimsSimulator } from './etims-simulator';
import { SIMULATOR_ETIMS_CREDENTIALS, SIMULATOR_TOKEN_PATH } from './etims-simulator-token';

const DEVICE = { tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'SN-1' };
const AT = new Date('2026-03-02T07:00:00Z');
const ITEM = {
  itemCd: 'KE2NTNO0000001',
  itemClsCd: '50121500',
  itemTyCd: '2' as const,
  itemNm: 'Tilapia',
  itemStdNm: null,
  orgnNatCd: 'KE',
  pkgUnitCd: 'NT',
  qtyUnitCd: 'NO',
  taxTyCd: 'B',
  btchNo: null,
  bcd: null,
  dftPrc: 754,
  grpPrcL1: null,
  grpPrcL2: null,
  grpPrcL3: null,
  grpPrcL4: null,
  grpPrcL5: null,
  addInfo: null,
  sftyQty: null,
  isrcAplcbYn: 'N' as const,
  useYn: 'Y' as const,
  regrId: 'shop',
  regrNm: 'shop',
  modrId: 'shop',
  modrNm: 'shop',
};

let sim: EtimsSimulator;
afterEach(() => sim.reset());

interface Seen {
  path: string;
  authorization: string | null;
}

function setUp(opts: { oauth?: EtimsClientOptions['oauth'] } = {}) {
  sim = createEtimsSimulator({ devices: [DEVICE], now: () => AT });
  const seen: Seen[] = [];
  const fetchSim: typeof fetch = (input, init) => {
    const req = new Request(input as RequestInfo, init);
    seen.push({ path: new URL(req.url).pathname, authorization: req.headers.get('authorization') });
    return Promise.resolve(sim.app.fetch(req));
  };
  const client = createEtimsClient({
    baseUrl: 'http://sim.test/etims-api',
    gateway: 'legacy',
    tin: DEVICE.tin,
    bhfId: DEVICE.bhfId,
    timeoutMs: 1000,
    oauth: opts.oauth,
    fetch: fetchSim,
  });
  return { client, seen, fetchSim };
}

const withToken = { tokenUrl: `http://sim.test${SIMULATOR_TOKEN_PATH}`, ...SIMULATOR_ETIMS_CREDENTIALS };

async function failure(promise: Promise<unknown>): Promise<EtimsError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof EtimsError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

/** Ten units of the item in "KRA's" stock (a goods sale needs them), declared as the shop declares a restock. */
async function stockUp(client: ReturnType<typeof setUp>['client'], cmcKey: string, sarNo = 1) {
  const item = { itemCd: ITEM.itemCd, itemClsCd: ITEM.itemClsCd, pkgUnitCd: 'NT', qtyUnitCd: 'NO', itemNm: ITEM.itemNm, taxTyCd: 'B' };
  await client.insertStockIO(
    cmcKey,
    buildStockIORequest({
      sarNo,
      sarTyCd: '02',
      automatic: false,
      at: AT,
      remark: null,
      item,
      quantity: 10,
      unitPriceCents: 75_400,
      rateBp: 1600,
    }),
  );
  await client.saveStockMaster(cmcKey, buildStockMasterRequest(ITEM.itemCd, 10 * sarNo));
}

function sale(invcNo: number) {
  const invoice = priceInvoice([{ itemKey: 'tilapia', name: 'Tilapia', quantity: 1, grossCents: 75_400, band: 'B' }], TAX_BAND_RATE_BP);
  return buildSaleRequest({
    kind: 'sale',
    reference: `INV-${invcNo}`,
    invcNo,
    orgInvcNo: 0,
    at: AT,
    invoice,
    items: new Map([['tilapia', { itemCd: ITEM.itemCd, itemClsCd: ITEM.itemClsCd, pkgUnitCd: 'NT', qtyUnitCd: 'NO' }]]),
    customerName: 'Achieng',
    customerPhone: null,
    buyerPin: null,
    paymentTypeCode: '06',
  });
}

describe('eTIMS simulator: tokens', () => {
  it('issues a token only for its client credentials and the client_credentials grant', async () => {
    setUp();
    const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
    const ask = (query: string, authorization: string) =>
      sim.app.fetch(new Request(`http://sim.test${SIMULATOR_TOKEN_PATH}${query}`, { headers: { authorization } }));
    const good = basic(SIMULATOR_ETIMS_CREDENTIALS.consumerKey, SIMULATOR_ETIMS_CREDENTIALS.consumerSecret);
    const ok = await ask('?grant_type=client_credentials', good);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', expires_in: '3599' });
    expect((await ask('?grant_type=client_credentials', basic('someone', 'else'))).status).toBe(401);
    expect((await ask('?grant_type=password', good)).status).toBe(400);
  });

  it('with requireToken, refuses every call without a token it issued; the client sends one on every call, legacy host too', async () => {
    const bare = setUp();
    sim.switches.requireToken = true;
    const refused = await failure(bare.client.initialize(DEVICE.dvcSrlNo));
    expect(refused).toMatchObject({ kind: 'device', code: 'http_401', message: expect.stringContaining('Invalid access token') });

    const { client, seen } = setUp({ oauth: withToken });
    sim.switches.requireToken = true;
    const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
    expect((await client.codeLists(cmcKey, '20180101000000')).length).toBeGreaterThan(0);
    await client.saveItem(cmcKey, ITEM);
    await stockUp(client, cmcKey);
    expect(await client.saveSale(cmcKey, sale(1))).toMatchObject({ curRcptNo: 1 });
    expect(await client.lookupInvoice(cmcKey, 1)).toMatchObject({ trdInvcNo: 'INV-1' });
    const calls = seen.filter((s) => s.path.startsWith('/etims-api/'));
    expect(calls.map((s) => s.path)).toEqual([
      '/etims-api/selectInitOsdcInfo',
      '/etims-api/selectCodeList',
      '/etims-api/saveItem',
      '/etims-api/insertStockIO',
      '/etims-api/saveStockMaster',
      '/etims-api/saveTrnsSalesOsdc',
      '/etims-api/selectInvoiceDetails',
    ]);
    expect(calls.every((s) => s.authorization?.startsWith('Bearer '))).toBe(true);
    expect(seen.filter((s) => s.path === SIMULATOR_TOKEN_PATH)).toHaveLength(1); // one token, reused

    // A token the gateway stops taking: the client fetches a new one once and the call goes through.
    sim.revokeTokens();
    expect(await client.lookupInvoice(cmcKey, 1)).toMatchObject({ trdInvcNo: 'INV-1' });
    expect(seen.filter((s) => s.path === SIMULATOR_TOKEN_PATH)).toHaveLength(2);
  });
});

describe('eTIMS simulator: strict fields', () => {
  it("takes the shop's own requests, and refuses a field KRA does not name, wherever it is", async () => {
    const { client } = setUp();
    sim.switches.strictFields = true;
    const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
    await client.codeLists(cmcKey, '20180101000000');
    await client.itemClasses(cmcKey, '20180101000000');
    await client.saveItem(cmcKey, ITEM);
    await stockUp(client, cmcKey);
    await client.saveSale(cmcKey, sale(1));
    await client.lookupInvoice(cmcKey, 1);

    const refusedFor = async (body: Record<string, unknown>) => (await failure(client.saveSale(cmcKey, body as never))).message;
    expect(await failure(client.saveItem(cmcKey, { ...ITEM, colour: 'silver' } as never))).toMatchObject({
      kind: 'refused',
      code: '910',
      message: 'Invalid request: unknown field colour',
    });
    const good = sale(2);
    expect(await refusedFor({ ...good, discountCode: 'X' })).toBe('Invalid request: unknown field discountCode');
    expect(await refusedFor({ ...good, receipt: { ...good.receipt, qrCode: 'x' } })).toBe('Invalid request: unknown field receipt.qrCode');
    expect(await refusedFor({ ...good, itemList: [{ ...good.itemList[0], weightKg: 1 }] })).toBe(
      'Invalid request: unknown field itemList[0].weightKg',
    );
    const io = (await failure(client.insertStockIO(cmcKey, { sarNo: 2, batch: 'x' } as never))).message;
    expect(io).toBe('Invalid request: unknown field batch');
    // Refusals moved nothing: the next number is still 2.
    expect(await client.saveSale(cmcKey, good)).toMatchObject({ curRcptNo: 2 });
    sim.switches.strictFields = false;
    await client.saveItem(cmcKey, { ...ITEM, colour: 'silver' } as never);
  });
});

describe('eTIMS simulator: lastReqDt limit', () => {
  it('refuses a pull older than the limit and gives the whole list to one within it', async () => {
    const { client } = setUp();
    sim.switches.lastReqMaxDays = 7;
    const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
    expect(await failure(client.codeLists(cmcKey, '20180101000000'))).toMatchObject({
      kind: 'refused',
      message: 'Invalid lastReqDt: it must be within the last 7 days',
    });
    expect(await failure(client.itemClasses(cmcKey, '20260222000000'))).toMatchObject({ kind: 'refused' });
    expect((await client.codeLists(cmcKey, '20260224000000')).length).toBeGreaterThan(0);
    expect((await client.itemClasses(cmcKey, '20260301000000')).map((c) => c.itemClsCd)).toContain('50121500');
  });
});
