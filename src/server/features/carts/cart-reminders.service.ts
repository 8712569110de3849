// Abandoned carts: saved carts not changed for the set number of hours and not turned into an order
// since. The back office lists them; a background job sends each one reminder SMS, only to customers
// who opted in ('Remind me of a cart I leave'). The cart's row is claimed by a conditional update in
// the transaction that queues the SMS, so with several instances a cart is reminded once.
import { and, asc, desc, eq, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import { multiplyCents, sumCents, type Cents } from '@/domain/money';
import { toE164Phone } from '@/domain/phone';
import { CART_REMINDER_HOURS, CART_REMINDER_STEP, cartReminderSms, type CartReminderSettings } from '@/domain/saved-cart';
import type { ServerContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings, orders, profiles, savedCarts, user as users } from '../../db/schema';
import type { AdminActor } from '../../back-office/admin-access';
import { saveSetting } from '../../back-office/app-settings';
import { DomainError } from '../../errors';
import { checkCartProducts } from '../catalog/catalog.service';
import { saveCartRemindersChoice } from '../account/account.service';
import { readCartRemindersStop, signCartRemindersStop } from './cart-reminder-token';

const CART_REMINDERS_SETTING = 'cart_reminders';
const HOUR_MS = 60 * 60 * 1000;
/** The most carts one run reminds (the next run, a minute later, takes the rest). */
const REMINDERS_PER_RUN = 50;
/** The most abandoned carts the back office lists at once (newest first). */
const LISTED = 200;

async function loadCartReminderSettings(db: DbOrTx): Promise<CartReminderSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, CART_REMINDERS_SETTING));
  const hours = (row?.value as { hours?: unknown } | undefined)?.hours;
  return {
    hours:
      typeof hours === 'number' && Number.isInteger(hours) && hours >= CART_REMINDER_HOURS.min && hours <= CART_REMINDER_HOURS.max
        ? hours
        : CART_REMINDER_HOURS.default,
  };
}

export function saveCartReminderSettings(db: Db, actor: AdminActor, value: CartReminderSettings): Promise<CartReminderSettings> {
  return saveSetting(db, actor, { key: CART_REMINDERS_SETTING, value, action: 'CART_REMINDERS_UPDATE', load: loadCartReminderSettings });
}

/** No order of the cart's customer placed at or after the cart's last change. */
const noOrderSince = (db: DbOrTx) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.userId, savedCarts.userId), sql`${orders.createdAt} >= ${savedCarts.updatedAt}`)),
  );

/** Holding something, unchanged since `cutoff`, and no order since. */
const abandonedSince = (db: DbOrTx, cutoff: Date) =>
  and(isNotNull(savedCarts.startedAt), lte(savedCarts.updatedAt, cutoff), noOrderSince(db));

export interface AbandonedCart {
  userId: string;
  customerName: string;
  email: string;
  phone: string | null;
  lines: { name: string; quantity: number }[];
  /** What the lines still sold cost at today's prices. */
  valueCents: Cents;
  updatedAt: string;
  /** When its reminder SMS was queued; null: none. */
  reminderSentAt: string | null;
  /** Whether the customer opted in to reminders. */
  cartReminders: boolean;
}

/** The back office's list: newest first, at today's prices. */
export async function listAbandonedCarts(ctx: ServerContext): Promise<{ hours: number; carts: AbandonedCart[] }> {
  const { hours } = await loadCartReminderSettings(ctx.db);
  const rows = await ctx.db
    .select({
      userId: savedCarts.userId,
      lines: savedCarts.lines,
      updatedAt: savedCarts.updatedAt,
      reminderSentAt: savedCarts.reminderSentAt,
      fullName: profiles.fullName,
      name: users.name,
      email: users.email,
      phone: profiles.phone,
      cartReminders: profiles.cartReminders,
    })
    .from(savedCarts)
    .innerJoin(users, eq(users.id, savedCarts.userId))
    .leftJoin(profiles, eq(profiles.id, savedCarts.userId))
    .where(abandonedSince(ctx.db, new Date(ctx.now().getTime() - hours * HOUR_MS)))
    .orderBy(desc(savedCarts.updatedAt), asc(savedCarts.userId))
    .limit(LISTED);
  // Every listed line asked about at once.
  const current = await checkCartProducts(
    ctx.db,
    rows.flatMap((r) => r.lines),
  );
  let at = 0;
  const carts = rows.map((r): AbandonedCart => {
    const lines = r.lines.map((l) => {
      const now = current[at++];
      return now?.available ? { name: now.name, quantity: l.quantity, cents: multiplyCents(now.priceCents, l.quantity) } : null;
    });
    const sold = lines.filter((l) => l !== null);
    return {
      userId: r.userId,
      customerName: r.fullName || r.name,
      email: r.email,
      phone: r.phone,
      lines: sold.map(({ name, quantity }) => ({ name, quantity })),
      valueCents: sumCents(sold.map((l) => l.cents)),
      updatedAt: r.updatedAt.toISOString(),
      reminderSentAt: r.reminderSentAt?.toISOString() ?? null,
      cartReminders: r.cartReminders ?? false,
    };
  });
  return { hours, carts };
}

/**
 * The reminder job (every minute, with the other jobs): each abandoned cart of a customer who opted
 * in and has a phone gets one SMS. Answers how many were queued.
 */
export async function sendCartReminders(ctx: ServerContext): Promise<number> {
  const secret = ctx.env.AUTH_SECRET;
  // Without a secret the stop link cannot be signed, and a reminder never goes without one.
  if (!secret || !ctx.sms.enabled) return 0;
  const at = ctx.now();
  const { hours } = await loadCartReminderSettings(ctx.db);
  const cutoff = new Date(at.getTime() - hours * HOUR_MS);
  const optedIn = and(eq(profiles.cartReminders, true), isNotNull(profiles.phone));
  const due = await ctx.db
    .select({ userId: savedCarts.userId, lines: savedCarts.lines, updatedAt: savedCarts.updatedAt, phone: profiles.phone })
    .from(savedCarts)
    .innerJoin(profiles, eq(profiles.id, savedCarts.userId))
    .where(and(isNull(savedCarts.reminderSentAt), optedIn, abandonedSince(ctx.db, cutoff)))
    .orderBy(asc(savedCarts.updatedAt))
    .limit(REMINDERS_PER_RUN);
  const queued: string[] = [];
  for (const cart of due) {
    const to = cart.phone ? toE164Phone(cart.phone) : null;
    if (!to) continue;
    const current = await checkCartProducts(ctx.db, cart.lines);
    const sold = cart.lines.flatMap((l, i) => {
      const now = current[i];
      return now?.available ? [{ quantity: l.quantity, cents: multiplyCents(now.priceCents, l.quantity) }] : [];
    });
    // Nothing in it is sold any more: nothing to come back for.
    if (sold.length === 0) continue;
    const id = await ctx.db.transaction(async (tx) => {
      // The claim: only while the cart is as it was read, still unreminded and abandoned, and its
      // customer still opted in. A second instance's update waits for this one's commit and then
      // finds the reminder taken.
      const [claimed] = await tx
        .update(savedCarts)
        .set({ reminderSentAt: at })
        .where(
          and(
            eq(savedCarts.userId, cart.userId),
            eq(savedCarts.updatedAt, cart.updatedAt),
            isNull(savedCarts.reminderSentAt),
            abandonedSince(tx, cutoff),
            sql`exists (select 1 from ${profiles} where ${profiles.id} = ${savedCarts.userId} and ${profiles.cartReminders})`,
          ),
        )
        .returning({ startedAt: savedCarts.startedAt });
      if (!claimed?.startedAt) return null;
      const message = cartReminderSms({
        shopName: ctx.env.SHOP_NAME,
        publicUrl: ctx.env.PUBLIC_URL,
        items: sold.reduce((n, l) => n + l.quantity, 0),
        valueCents: sumCents(sold.map((l) => l.cents)),
        stopToken: signCartRemindersStop(secret, cart.userId),
      });
      return ctx.sms.enqueue(tx, {
        orderId: null,
        step: CART_REMINDER_STEP,
        to,
        message,
        dedupeKey: `${CART_REMINDER_STEP}:${cart.userId}:${claimed.startedAt.getTime()}`,
      });
    });
    if (id) queued.push(id);
  }
  for (const id of queued)
    await ctx.sms.deliver(id).catch((err: unknown) => ctx.logger.error({ err }, 'SMS failed; the SMS job retries it'));
  return queued.length;
}

const STOP_LINK_INVALID = 'This link to stop cart reminders is not valid. Turn them off on your profile page instead.';

/** The reminder's stop link: the customer it names gets no more cart reminders (no sign-in needed). */
export async function stopCartReminders(ctx: ServerContext, token: string): Promise<void> {
  const userId = readCartRemindersStop(ctx.env.AUTH_SECRET ?? '', token);
  if (!userId) throw new DomainError('unprocessable', 'INVALID_STOP_LINK', STOP_LINK_INVALID);
  await ctx.db.transaction((tx) => saveCartRemindersChoice(tx, userId, false, ctx.now(), 'stop-link'));
}
