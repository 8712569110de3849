// The promotion at checkout: the code the customer applied (or none: the best automatic offer) asked
// of the server whenever the cart changes, and what it takes off each line. The server prices the
// order again when it is placed; this only shows the customer what to expect. The code applied is
// kept for the browser tab (sessionStorage), so a code applied in the cart is applied at checkout
// without typing it again; it is forgotten once an order is placed with it.
import { useEffect, useState } from 'react';
import type { CartLine } from '@/domain/cart';
import type { CartTotalsLine } from '@/domain/cart-totals';
import { cartLinesForTotals } from '@/domain/cart';
import { ApiError } from '@/web/lib/api';
import { checkoutText } from '@/web/i18n/checkout-text';
import { fetchPromotion, type PromotionPreview } from './checkout-api';

const STORAGE_KEY = 'promotion-code';

function storedCode(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    // storage disabled: no code carried over
    return '';
  }
}

function storeCode(code: string): void {
  try {
    if (code) sessionStorage.setItem(STORAGE_KEY, code);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: the code lasts as long as the page
  }
}

/** The order is placed with the code: the next cart starts without it. */
export const forgetPromotionCode = () => storeCode('');

export interface PromotionState {
  /** The code applied ('' for none). */
  code: string;
  applied: NonNullable<PromotionPreview['promotion']> | null;
  /** Why the applied code was refused. */
  message: string | null;
  checking: boolean;
  apply(code: string): void;
  remove(): void;
}

export function usePromotion(lines: readonly CartLine[], deliveryFeeCents: number | null): PromotionState {
  const [code, setStateCode] = useState(storedCode);
  const setCode = (next: string) => {
    storeCode(next);
    setStateCode(next);
  };
  const [answer, setAnswer] = useState<PromotionPreview>({ promotion: null, message: null });
  const [checking, setChecking] = useState(false);
  const items = lines.map((l) => ({
    productId: l.productId,
    ...(l.variantId !== undefined && { variantId: l.variantId }),
    quantity: l.quantity,
  }));
  const signature = JSON.stringify([code, items, deliveryFeeCents]);
  useEffect(() => {
    let current = true;
    if (items.length === 0) return;
    setChecking(true);
    fetchPromotion({ promotionCode: code, items, deliveryFeeCents })
      .then((a) => current && setAnswer(a))
      .catch(
        (err: unknown) =>
          current &&
          setAnswer({
            promotion: null,
            message: err instanceof ApiError && err.message ? err.message : checkoutText('promotionCheckFailed'),
          }),
      )
      .finally(() => current && setChecking(false));
    return () => {
      current = false;
    };
    // The signature holds every input of the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return { code, applied: answer.promotion, message: answer.message, checking, apply: setCode, remove: () => setCode('') };
}

/** The cart's lines for the totals, each with what the promotion takes off it (never more than the line). */
export function discountedTotalsLines(lines: readonly CartLine[], applied: PromotionState['applied']): CartTotalsLine[] {
  return cartLinesForTotals(lines).map((line, i) => {
    const cart = lines[i];
    const off = applied?.lines.find((l) => l.productId === cart?.productId && (l.variantId ?? undefined) === cart?.variantId);
    return { ...line, discountCents: Math.min(off?.discountCents ?? 0, line.unitPriceCents * line.quantity) };
  });
}
