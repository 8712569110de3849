// The shop's clock outside production, which the browser journeys move instead of waiting hours or
// days: it starts at SHOP_TEST_CLOCK (an ISO time) when that is set, else now, and runs on.
// PUT /dev/clock { at } moves it to a time (a journey needs a Thursday, then the Friday after);
// POST /dev/clock { minutes } moves it forward. After a move the jobs that wait on the clock for hours
// (cart reminders) look at once rather than at their next tick. Never in production: index.ts keeps
// the real clock there and app.ts mounts the route only outside it (behind the development tools' guard).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { LOCKS } from '../../db/locks';
import { badRequest } from '../../errors';
import { sendCartReminders } from '../../features/carts/cart-reminders.service';

export interface DevClock {
  now(): Date;
  set(at: Date): void;
  advance(ms: number): void;
}

export function createDevClock(start?: string): DevClock {
  const startMs = start === undefined ? Date.now() : Date.parse(start);
  if (Number.isNaN(startMs)) throw new Error(`SHOP_TEST_CLOCK is not a time: ${start}`);
  let offset = startMs - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    set: (at) => void (offset = at.getTime() - Date.now()),
    advance: (ms) => void (offset += ms),
  };
}

const MOVE_MESSAGE = 'minutes must be a whole number from 1 to 100000';
const SET_MESSAGE = 'Give the time as ISO 8601 with its offset';
const advanceBody = z.object({ minutes: z.number().int().min(1).max(100_000) });
const setBody = z.object({ at: z.iso.datetime({ offset: true }) });

export function devClockRoutes(ctx: ServerContext, clock: DevClock) {
  const moved = async () => {
    await ctx.database.withTryLock(LOCKS.cartReminders, () => sendCartReminders(ctx));
    return { now: clock.now().toISOString() };
  };
  return new Hono<AppEnv>()
    .get('/', (c) => c.json({ now: clock.now().toISOString() }))
    .put('/', async (c) => {
      const parsed = setBody.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw badRequest(SET_MESSAGE, { at: SET_MESSAGE });
      clock.set(new Date(parsed.data.at));
      return c.json(await moved());
    })
    .post('/', async (c) => {
      const parsed = advanceBody.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw badRequest(MOVE_MESSAGE, { minutes: MOVE_MESSAGE });
      clock.advance(parsed.data.minutes * 60_000);
      return c.json(await moved());
    });
}
