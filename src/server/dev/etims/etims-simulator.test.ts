import { afterEach, describe, expect, it } from 'vitest';
import { priceInvoice } from '@/domain/etims-invoice';
import { createEtimsClient } from '../../integrations/etims/etims-client';
import { EtimsError, type ItemSaveRequest, type SalesSaveRequest, type StockIOSaveRequest } from '../../integrations/etims/etims-types';
import { buildSaleRequest } from '../../integrations/etims/etims-sale-request';
import { buildStockIORequest, buildStockMasterRequest, isNoStockRefusal } from '../../integrations/etims/etims-stock-request';
import { TAX_BAND_RATE_BP } from '@/domain/tax-bands';
import { createEtimsSimulator, type EtimsSimulator } from './etims-simulator';

const DEVICE = { tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'SN-1' };
const AT = new Date('2026-03-02T07:00:00Z');
let sim: EtimsSimulator;

afterEach(() => sim.reset());

function setUp() {
  sim = createEtimsSimulator({ devices: [DEVICE], now: () => AT });
  const client = createEtimsClient({
    baseUrl: 'http://sim.test/etims-api',
    gateway: 'legacy',
    tin: DEVICE.tin,
    bhfId: DEVICE.bhfId,
    timeoutMs: 100,
    fetch: (input, init) => Promise.resolve(sim.app.fetch(new Request(input as RequestInfo, init))),
  });
  return client;
}

const item = (n: number, extra: Partial<ItemSaveRequest> = {}): ItemSaveRequest => ({
  itemCd: `KE2NTKG${String(n).padStart(7, '0')}`,
  itemClsCd: '50121500',
  itemTyCd: '2',
  itemNm: 'Tilapia, whole, fresh',
  itemStdNm: null,
  orgnNatCd: 'KE',
  pkgUnitCd: 'NT',
  qtyUnitCd: 'KG',
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
  isrcAplcbYn: 'N',
  useYn: 'Y',
  regrId: 'shop',
  regrNm: 'shop',
  modrId: 'shop',
  modrNm: 'shop',
  ...extra,
});

const items = new Map([['tilapia', { itemCd: 'KE2NTKG0000001', itemClsCd: '50121500', pkgUnitCd: 'NT', qtyUnitCd: 'KG' }]]);

function sale(invcNo: number, extra: Partial<SalesSaveRequest> = {}): SalesSaveRequest {
  const invoice = priceInvoice([{ itemKey: 'tilapia', name: 'Tilapia', quantity: 2, grossCents: 150_800, band: 'B' }], TAX_BAND_RATE_BP);
  const request = buildSaleRequest({
    kind: 'sale',
    reference: `INV-${invcNo}`,
    invcNo,
    orgInvcNo: 0,
    at: AT,
    invoice,
    items,
    customerName: 'Achieng',
    customerPhone: null,
    buyerPin: null,
    paymentTypeCode: '06',
  });
  return { ...request, ...extra };
}

async function refusal(promise: Promise<unknown>): Promise<EtimsError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof EtimsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A stock IO of `qty` of item 1 under `sarNo` (02 purchase in, 11 sale out). */
function stockIO(sarNo: number, qty: number, sarTyCd = '02'): StockIOSaveRequest {
  return buildStockIORequest({
    sarNo,
    sarTyCd,
    automatic: sarTyCd === '11',
    at: AT,
    remark: null,
    item: { ...items.get('tilapia')!, itemNm: 'Tilapia', taxTyCd: 'B' },
    quantity: qty,
    unitPriceCents: 75_400,
    rateBp: 1600,
  });
}

/** The device initialised, its tilapia registered, and 10 of it in KRA's stock. */
async function readyDevice() {
  const client = setUp();
  const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
  await client.saveItem(cmcKey, item(1));
  await client.insertStockIO(cmcKey, stockIO(1, 10));
  await client.saveStockMaster(cmcKey, buildStockMasterRequest('KE2NTKG0000001', 10));
  return { client, cmcKey };
}

describe('eTIMS simulator', () => {
  it('initialises a known device once: an unknown serial is 901, a second initialisation 902', async () => {
    const client = setUp();
    expect(await refusal(client.initialize('SN-unknown'))).toMatchObject({ kind: 'device', code: '901' });
    const info = await client.initialize(DEVICE.dvcSrlNo);
    expect(info.sdcId).toMatch(/^KRACU\d{10}$/);
    expect(info.cmcKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await refusal(client.initialize(DEVICE.dvcSrlNo))).toMatchObject({ kind: 'device', code: '902' });
  });

  it('refuses calls without a valid communication key', async () => {
    const client = setUp();
    await client.initialize(DEVICE.dvcSrlNo);
    expect(await refusal(client.codeLists('wrong-key', '20180101000000'))).toMatchObject({ kind: 'device', code: '901' });
  });

  it('gives code lists once, then nothing newer', async () => {
    const client = setUp();
    const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
    const lists = await client.codeLists(cmcKey, '20180101000000');
    expect(lists.find((c) => c.cdCls === '04')?.dtlList.find((d) => d.cd === 'B')?.userDfnCd1).toBe('16');
    expect(await client.codeLists(cmcKey, '20260301000000')).toEqual([]);
  });

  it('registers items in running-number order with codes matching their units', async () => {
    const client = setUp();
    const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
    expect(await refusal(client.saveItem(cmcKey, item(2)))).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('Expected sequence ending with: ********1'),
    });
    expect(await refusal(client.saveItem(cmcKey, item(1, { qtyUnitCd: 'NO' })))).toMatchObject({
      message: "The ItemCd isn't made up of correct QtyUnitCd",
    });
    await client.saveItem(cmcKey, item(1));
    await client.saveItem(cmcKey, item(1, { itemNm: 'Tilapia (renamed)' }));
    expect(sim.items(DEVICE.tin, DEVICE.bhfId).get('KE2NTKG0000001')?.itemNm).toBe('Tilapia (renamed)');
  });

  it('signs a valid sale with numbers in sequence and a signature of KRA’s shape, and finds it again', async () => {
    const { client, cmcKey } = await readyDevice();
    const receipt = await client.saveSale(cmcKey, sale(1));
    expect(receipt.curRcptNo).toBe(1);
    expect(receipt.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    expect(receipt.intrlData).toMatch(/^[A-Z2-7]{25}[AEIMQUY4]$/);
    expect(receipt.sdcDateTime).toEqual(AT);
    expect(await client.lookupInvoice(cmcKey, 1)).toMatchObject({ trdInvcNo: 'INV-1', receipt });
    expect(await client.lookupInvoice(cmcKey, 2)).toBeNull();
  });

  it('refuses an invoice number out of sequence, naming the expected one, and moves only on success', async () => {
    const { client, cmcKey } = await readyDevice();
    expect(await refusal(client.saveSale(cmcKey, sale(2)))).toMatchObject({ kind: 'sequence', expectedInvcNo: 1 });
    await client.saveSale(cmcKey, sale(1));
    expect(await refusal(client.saveSale(cmcKey, sale(1)))).toMatchObject({ kind: 'sequence', expectedInvcNo: 2 });
    sim.switches.duplicateAs994 = true;
    expect(await refusal(client.saveSale(cmcKey, sale(1)))).toMatchObject({ kind: 'duplicate', code: '994' });
    expect(sim.sales(DEVICE.tin, DEVICE.bhfId)).toHaveLength(1);
  });

  it('refuses a line whose item is not registered', async () => {
    const { client, cmcKey } = await readyDevice();
    const bad = sale(1);
    bad.itemList[0] = { ...bad.itemList[0]!, itemCd: 'KE2NTKG0000009' };
    expect(await refusal(client.saveSale(cmcKey, bad))).toMatchObject({
      kind: 'refused',
      code: '910',
      message: expect.stringContaining('do not exist in your inventory'),
    });
  });

  it.each([
    [
      'a line’s taxable amount',
      (s: SalesSaveRequest) => ({ itemList: [{ ...s.itemList[0]!, taxblAmt: 1508, taxAmt: 0 }] }),
      'Invalid taxblAmt on item: 1. Expected: 1300.00, But Found: 1508.00',
    ],
    ['a band’s taxable amount', () => ({ taxblAmtB: 1300.01 }), 'Invalid taxblAmtB. Expected: 1300.00'],
    ['a band’s tax', () => ({ taxAmtB: 208.01 }), 'Invalid taxAmtB. Expected: 208.00'],
    ['a rate that is not the code list’s', () => ({ taxRtE: 0 }), 'Rule taxRtE failed: Tax rate mismatch. Expected: 8.00, Found: 0'],
    ['the total', () => ({ totAmt: 1508.01 }), 'Invalid totAmt. Expected: 1508.00'],
    [
      'a package count of 0',
      (s: SalesSaveRequest) => ({ itemList: [{ ...s.itemList[0]!, pkg: 0 }] }),
      'Invalid pkg for ItemList 1. Expected: 1, Found: 0',
    ],
  ])('refuses a sale with the wrong %s, in KRA’s words', async (_name, change, message) => {
    const { client, cmcKey } = await readyDevice();
    const base = sale(1);
    const err = await refusal(client.saveSale(cmcKey, { ...base, ...change(base) }));
    expect(err).toMatchObject({ kind: 'refused', code: '910' });
    expect(err.message).toContain(message);
    expect(sim.sales(DEVICE.tin, DEVICE.bhfId)).toHaveLength(0);
  });

  it('accepts a credit note only for a stored sale, with its date and reason', async () => {
    const { client, cmcKey } = await readyDevice();
    await client.saveSale(cmcKey, sale(1));
    const credit = { ...sale(2), rcptTyCd: 'R' as const, rfdDt: '20260302100000', rfdRsnCd: '06' };
    expect(await refusal(client.saveSale(cmcKey, { ...credit, orgInvcNo: 7 }))).toMatchObject({ message: 'orgInvcNo does not exist: 7' });
    expect(await refusal(client.saveSale(cmcKey, { ...credit, orgInvcNo: 1, rfdRsnCd: '99' }))).toMatchObject({
      message: 'Invalid RfdRsnCd',
    });
    const receipt = await client.saveSale(cmcKey, { ...credit, orgInvcNo: 1 });
    expect(receipt.curRcptNo).toBe(2);
  });

  it('can be down, or sign a sale and lose the answer (the client times out; the sale is there)', async () => {
    const { client, cmcKey } = await readyDevice();
    sim.switches.mode = 'down';
    expect(await refusal(client.saveSale(cmcKey, sale(1)))).toMatchObject({ kind: 'unreachable', httpStatus: 503 });
    sim.switches.mode = 'up';
    sim.switches.loseAnswers = 1;
    expect(await refusal(client.saveSale(cmcKey, sale(1)))).toMatchObject({ kind: 'unreachable', code: 'timeout' });
    expect((await client.lookupInvoice(cmcKey, 1))?.trdInvcNo).toBe('INV-1');
  });

  it('takes stock IOs only under the next sarNo, naming the one it expects, and a stock master only with the quantity it holds', async () => {
    const { client, cmcKey } = await readyDevice();
    expect(await refusal(client.insertStockIO(cmcKey, stockIO(5, 3)))).toMatchObject({
      kind: 'refused',
      message: 'Invalid sarNo: Expected: 2 but found: 5',
    });
    await client.insertStockIO(cmcKey, stockIO(2, 3, '15'));
    expect(await refusal(client.saveStockMaster(cmcKey, buildStockMasterRequest('KE2NTKG0000001', 10)))).toMatchObject({
      message: 'Invalid rsdQty for KE2NTKG0000001: Expected: 7 but found: 10',
    });
    await client.saveStockMaster(cmcKey, buildStockMasterRequest('KE2NTKG0000001', 7));
    expect(sim.stock(DEVICE.tin, DEVICE.bhfId).accepted).toEqual([
      { op: 'insertStockIO', sarNo: 1, sarTyCd: '02', itemCd: 'KE2NTKG0000001', qty: 10 },
      { op: 'saveStockMaster', itemCd: 'KE2NTKG0000001', rsdQty: 10 },
      { op: 'insertStockIO', sarNo: 2, sarTyCd: '15', itemCd: 'KE2NTKG0000001', qty: 3 },
      { op: 'saveStockMaster', itemCd: 'KE2NTKG0000001', rsdQty: 7 },
    ]);
  });

  it('refuses a stock master before any stock IO of the item, and stock of an item never registered or with no amounts', async () => {
    const client = setUp();
    const { cmcKey } = await client.initialize(DEVICE.dvcSrlNo);
    expect(await refusal(client.insertStockIO(cmcKey, stockIO(1, 4)))).toMatchObject({
      message: expect.stringContaining('do not exist in your inventory'),
    });
    await client.saveItem(cmcKey, item(1));
    expect(await refusal(client.saveStockMaster(cmcKey, buildStockMasterRequest('KE2NTKG0000001', 0)))).toMatchObject({
      message: 'Stock IO is empty, consider adding items to the stock IO first',
    });
    expect(await refusal(client.insertStockIO(cmcKey, { ...stockIO(1, 4), totAmt: 0 }))).toMatchObject({
      message: 'Expected a value for totAmt but it is empty or null',
    });
  });

  it('refuses a sale of goods it holds too few of, in the sandbox’s words, until stock arrives; the switch turns the check off', async () => {
    const { client, cmcKey } = await readyDevice();
    await client.insertStockIO(cmcKey, stockIO(2, 9, '11'));
    const err = await refusal(client.saveSale(cmcKey, sale(1)));
    expect(err).toMatchObject({ kind: 'refused', code: '910' });
    expect(err.message).toContain('Items provided under the itemList section do not exist in your stock: KE2NTKG0000001');
    expect(isNoStockRefusal(err.message)).toBe(true);
    expect(sim.sales(DEVICE.tin, DEVICE.bhfId)).toHaveLength(0);

    await client.insertStockIO(cmcKey, stockIO(3, 1));
    expect((await client.saveSale(cmcKey, sale(1))).curRcptNo).toBe(1);
    sim.switches.stockCheck = false;
    await client.insertStockIO(cmcKey, stockIO(4, 2, '11'));
    expect((await client.saveSale(cmcKey, sale(2))).curRcptNo).toBe(2);
  });

  it('answers stock calls with HTTP 503 while its stock service is down, and takes sales meanwhile', async () => {
    const { client, cmcKey } = await readyDevice();
    sim.switches.stockDown = true;
    expect(await refusal(client.insertStockIO(cmcKey, stockIO(2, 1)))).toMatchObject({ kind: 'unreachable', httpStatus: 503 });
    expect((await client.saveSale(cmcKey, sale(1))).curRcptNo).toBe(1);
  });
});
