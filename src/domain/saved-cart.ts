// A signed-in customer's cart as the server keeps it: which product (and variant) and how many, no
// prices (those are read again each time). The rules for checking a saved cart, merging the browser's
// cart into it at sign-in, and the reminder SMS for a cart left for hours.
import { z } from 'zod';
import { cartLineKey, MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './cart';
import { formatKES, type Cents } from './money';
import { toGsm7 } from './order-sms';

export type SavedCartLine = { productId: string; variantId?: string; quantity: number };

export const SAVED_CART_MESSAGES = {
  notAList: 'The cart must be a list of { productId, variantId, quantity } lines',
  tooManyLines: `A cart holds at most ${MAX_ORDER_LINES} different products`,
  productId: 'Each line needs the id of a product',
  variantId: 'A variant id is text',
  quantity: `Each quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`,
  twice: 'The same product is in the cart twice: send it once with its whole quantity',
  unknown: 'A product in the cart is not one of ours',
} as const;

const line = z.object(
  {
    productId: z.string({ error: SAVED_CART_MESSAGES.productId }).trim().min(1, { error: SAVED_CART_MESSAGES.productId }).max(100),
    variantId: z
      .string({ error: SAVED_CART_MESSAGES.variantId })
      .trim()
      .min(1, { error: SAVED_CART_MESSAGES.variantId })
      .max(100)
      .optional(),
    quantity: z
      .number({ error: SAVED_CART_MESSAGES.quantity })
      .int({ error: SAVED_CART_MESSAGES.quantity })
      .min(1, { error: SAVED_CART_MESSAGES.quantity })
      .max(MAX_LINE_QUANTITY, { error: SAVED_CART_MESSAGES.quantity }),
  },
  { error: SAVED_CART_MESSAGES.notAList },
);

/** A cart as the browser sends it: at most MAX_ORDER_LINES lines, each once, 1..MAX_LINE_QUANTITY of it. */
export const savedCartBody = z.object({
  lines: z
    .array(line, { error: SAVED_CART_MESSAGES.notAList })
    .max(MAX_ORDER_LINES, { error: SAVED_CART_MESSAGES.tooManyLines })
    .refine((lines) => new Set(lines.map((l) => savedLineKey(l))).size === lines.length, { error: SAVED_CART_MESSAGES.twice }),
});

/** What identifies a saved line: its variant, or its product when it names none (lower case, as ids are stored). */
function savedLineKey(l: Pick<SavedCartLine, 'productId' | 'variantId'>): string {
  return cartLineKey(l).toLowerCase();
}

/**
 * The browser's cart merged into the saved one at sign-in: a line in both keeps the larger
 * quantity (never the sum: the same fish added on two devices is one wish, not two), the saved
 * cart's lines come first, and a merge that would pass MAX_ORDER_LINES keeps the first ones.
 */
export function mergeSavedCarts(saved: readonly SavedCartLine[], browser: readonly SavedCartLine[]): SavedCartLine[] {
  const merged = new Map<string, SavedCartLine>();
  for (const l of [...saved, ...browser]) {
    const key = savedLineKey(l);
    const before = merged.get(key);
    if (before) merged.set(key, { ...before, quantity: Math.max(before.quantity, l.quantity) });
    else if (merged.size < MAX_ORDER_LINES) merged.set(key, { ...l });
  }
  return [...merged.values()];
}

/** How many hours a cart waits unchanged before it is 'abandoned' (and its reminder may go). */
export const CART_REMINDER_HOURS = { default: 4, min: 1, max: 72 } as const;
export const CART_REMINDER_HOURS_MESSAGE = `Hours must be a whole number from ${CART_REMINDER_HOURS.min} to ${CART_REMINDER_HOURS.max}`;

export const cartReminderSettingsSchema = z.object({
  hours: z
    .number({ error: CART_REMINDER_HOURS_MESSAGE })
    .int({ error: CART_REMINDER_HOURS_MESSAGE })
    .min(CART_REMINDER_HOURS.min, { error: CART_REMINDER_HOURS_MESSAGE })
    .max(CART_REMINDER_HOURS.max, { error: CART_REMINDER_HOURS_MESSAGE }),
});
export type CartReminderSettings = z.output<typeof cartReminderSettingsSchema>;

/** The outbox step of a cart reminder SMS. */
export const CART_REMINDER_STEP = 'cart_reminder';

/** The page a stop link opens: '/cart-reminders/<token>'. */
const cartRemindersStopPath = (token: string) => `/cart-reminders/${token}`;

/**
 * 'Lake Victoria Aquaculture: you left 3 items (KES 1,250.00) in your cart. Finish your order:
 * <shop>/cart. Stop these: <stop link>'. The stop link always ends it, so every reminder says how to
 * stop them.
 */
export function cartReminderSms(input: {
  shopName: string;
  publicUrl: string;
  items: number;
  valueCents: Cents;
  stopToken: string;
}): string {
  const items = `${input.items} item${input.items === 1 ? '' : 's'}`;
  const name = toGsm7(input.shopName.trim());
  return (
    `${name ? `${name}: y` : 'Y'}ou left ${items} (${formatKES(input.valueCents)}) in your cart. ` +
    `Finish your order: ${input.publicUrl}/cart. Stop these: ${input.publicUrl}${cartRemindersStopPath(input.stopToken)}`
  );
}
