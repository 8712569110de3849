// Whether the shop's prices include VAT, as the go-live check reads it: the shop's 'Prices include
// VAT' setting (back office, Shop details; src/server/features/pricing/vat-mode.service.ts). With it
// off, prices are before VAT and checkout adds each band's VAT, so a total can end in cents.
import type { DbOrTx } from '../db/client';
import { loadPricesIncludeVat } from '../features/pricing/vat-mode.service';
import type { GoLiveCheck } from './go-live-check';

/** The shop's money mode. */
function pricesIncludeVat(db: DbOrTx): Promise<boolean> {
  return loadPricesIncludeVat(db);
}

export const vatModeCheck: GoLiveCheck = {
  name: 'Prices and VAT',
  async run({ db }) {
    if (await pricesIncludeVat(db))
      return { ok: true, detail: 'prices include VAT: whole-shilling prices make whole-shilling totals, as M-Pesa moves them' };
    return {
      ok: true,
      warning: true,
      detail: 'VAT added on top can produce totals with cents, which M-Pesa does not move',
      fix: "Turn on 'Prices include VAT' (Shop details) and price in whole shillings, or settle in Pesapal's sandbox how an M-Pesa payment of a total with cents ends (docs/go-live.md).",
    };
  },
};
