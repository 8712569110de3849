// Whether the shop's prices include VAT, as the go-live check reads it: the one place to wire to the
// shop's 'Prices include VAT' setting. Today prices are before VAT and checkout adds each band's VAT
// (src/domain/cart-totals.ts), so a total can end in cents.
import type { GoLiveCheck } from './go-live-check';

/** The shop's money mode. */
function pricesIncludeVat(): boolean {
  return false;
}

export const vatModeCheck: GoLiveCheck = {
  name: 'Prices and VAT',
  async run() {
    if (pricesIncludeVat()) return { ok: true, detail: 'prices include VAT: a total is what the price list says' };
    return {
      ok: true,
      warning: true,
      detail: 'VAT added on top can produce totals with cents, which M-Pesa does not move',
      fix: 'Price in whole shillings with VAT included, or confirm in Pesapal’s sandbox how an M-Pesa payment of a total with cents ends (docs/go-live.md).',
    };
  },
};
