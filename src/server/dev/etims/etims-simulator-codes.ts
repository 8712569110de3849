// The simulator's code lists: KRA's published codes for the classes the shop uses (tax types,
// payment methods, units, product types, credit-note reasons, receipt and transaction types) and a
// small made-up item-classification list for fish, chicken and delivery. The real lists come from
// KRA (selectCodeList, selectItemClsList) and are cached by the shop.
import type { CodeClass, ItemClass } from '../../integrations/etims/etims-types';

const cls = (cdCls: string, cdClsNm: string, codes: [string, string, string?][]): CodeClass => ({
  cdCls,
  cdClsNm,
  dtlList: codes.map(([cd, cdNm, userDfnCd1]) => ({ cd, cdNm, userDfnCd1: userDfnCd1 ?? null, useYn: 'Y' })),
});

/** Band rates as KRA's class 04 lists them (the rate in userDfnCd1); E is 8 unless the simulator is told 0. */
export function simulatorCodeLists(rateE: number): CodeClass[] {
  return [
    cls('04', 'Taxation Type', [
      ['A', 'A-Exempt', '0'],
      ['B', 'B-16.00%', '16'],
      ['C', 'C-0%', '0'],
      ['D', 'D-Non-VAT', '0'],
      ['E', `E-${rateE}%`, String(rateE)],
    ]),
    cls('07', 'Payment Type', [
      ['01', 'CASH'],
      ['02', 'CREDIT'],
      ['03', 'CASH/CREDIT'],
      ['04', 'BANK CHECK'],
      ['05', 'DEBIT&CREDIT CARD'],
      ['06', 'MOBILE MONEY'],
      ['07', 'OTHER'],
    ]),
    cls('10', 'Quantity Unit', [
      ['KG', 'Kilo-Gramme'],
      ['GRM', 'Gram'],
      ['NO', 'Number'],
      ['U', 'Pieces/item'],
      ['PA', 'packet'],
      ['BX', 'Box'],
      ['DZ', 'Dozen'],
    ]),
    cls('14', 'Transaction Type', [
      ['N', 'Normal'],
      ['C', 'Copy'],
      ['P', 'Proforma'],
      ['T', 'Training'],
    ]),
    cls('17', 'Packing Unit', [
      ['NT', 'Net'],
      ['PU', 'Traypack'],
      ['BG', 'Bag'],
      ['BK', 'Basket'],
      ['CT', 'Carton'],
      ['OU', 'Non-Exterior Packaging Unit'],
    ]),
    cls('24', 'Item Type', [
      ['1', 'Raw Material'],
      ['2', 'Finished Product'],
      ['3', 'Service'],
    ]),
    cls('32', 'Credit Note Reason', [
      ['01', 'Missing Quantity'],
      ['02', 'Missing Data'],
      ['03', 'Damaged'],
      ['04', 'Wasted'],
      ['05', 'Raw Material Shortage'],
      ['06', 'Refund'],
    ]),
    cls('37', 'Sales Receipt Type', [
      ['S', 'Sale'],
      ['R', 'Credit Note after Sale'],
    ]),
  ];
}

/** Made-up classes in the UNSPSC style KRA uses; the shop's defaults point at these in development. */
export const SIMULATOR_ITEM_CLASSES: ItemClass[] = [
  { itemClsCd: '50121500', itemClsNm: 'Fish, fresh', taxTyCd: 'B', useYn: 'Y' },
  { itemClsCd: '50112000', itemClsNm: 'Poultry, fresh', taxTyCd: 'B', useYn: 'Y' },
  { itemClsCd: '50000000', itemClsNm: 'Food, beverage and tobacco products', taxTyCd: 'B', useYn: 'Y' },
  { itemClsCd: '78102200', itemClsNm: 'Courier and delivery services', taxTyCd: 'B', useYn: 'Y' },
  { itemClsCd: '99010000', itemClsNm: 'Goods', taxTyCd: null, useYn: 'Y' },
];
