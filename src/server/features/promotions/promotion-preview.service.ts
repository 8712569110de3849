// What checkout shows before the order is placed: the promotion the cart would get and what it takes
// off each line, priced from the database as the order will be (the browser sends ids and
// quantities only). A line that is no longer sold is left out here; placing the order refuses it.
import { inArray } from 'drizzle-orm';
import { discountLabel } from '@/domain/promotions';
import { multiplyCents, type Cents } from '@/domain/money';
import type { ServerContext } from '../../context';
import { products, productVariants } from '../../db/schema';
import { loadPricesIncludeVat } from '../pricing/vat-mode.service';
import { choosePromotion } from './promotion-pricing.service';

export interface PreviewItem {
  productId: string;
  variantId?: string | undefined;
  quantity: number;
}

export interface PromotionPreview {
  promotion: {
    code: string | null;
    label: string;
    discountCents: Cents;
    freeDelivery: boolean;
    /** Per cart line, as sent: what comes off it. */
    lines: { productId: string; variantId: string | null; discountCents: Cents }[];
  } | null;
  /** Why the typed code was refused; null when it applies or none was typed. */
  message: string | null;
}

export async function previewPromotion(
  ctx: ServerContext,
  userId: string | null,
  body: { promotionCode?: string | undefined; items: readonly PreviewItem[]; deliveryFeeCents?: Cents | null | undefined },
): Promise<PromotionPreview> {
  const productIds = [...new Set(body.items.map((i) => i.productId.toLowerCase()))];
  const [rows, variants, pricesIncludeVat] = await Promise.all([
    ctx.db.select().from(products).where(inArray(products.id, productIds)),
    ctx.db.select().from(productVariants).where(inArray(productVariants.productId, productIds)),
    loadPricesIncludeVat(ctx.db),
  ]);
  const lines = body.items.flatMap((item) => {
    const product = rows.find((p) => p.id === item.productId.toLowerCase() && p.published && !p.archivedAt);
    const variant = variants.find((v) =>
      item.variantId ? v.id === item.variantId.toLowerCase() : v.productId === product?.id && v.optionValueIds.length === 0,
    );
    if (!product || !variant || !variant.enabled || variant.productId !== product.id) return [];
    const line = {
      productId: product.id,
      variantId: variant.id,
      category: product.category,
      amountCents: multiplyCents(variant.price, item.quantity),
    };
    return [{ item, line }];
  });
  const { applied, refusal } = await choosePromotion(
    ctx.db,
    {
      code: body.promotionCode,
      userId,
      lines: lines.map((l) => l.line),
      at: ctx.now(),
      pricesIncludeVat,
      deliveryFeeCents: body.deliveryFeeCents ?? null,
    },
    false,
  );
  if (!applied) return { promotion: null, message: refusal };
  return {
    promotion: {
      code: applied.promotion.code,
      label: discountLabel(applied.promotion),
      discountCents: applied.discount.discountCents,
      freeDelivery: applied.discount.freeDelivery,
      lines: lines.map(({ item }, i) => ({
        productId: item.productId,
        variantId: item.variantId ?? null,
        discountCents: applied.discount.lineDiscountsCents[i] ?? 0,
      })),
    },
    message: null,
  };
}
