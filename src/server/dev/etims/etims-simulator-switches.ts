// The eTIMS simulator's test switches over HTTP (development only, like the simulator), so a tester
// using the real shop, or a browser test through the shop's own address, can make "KRA" away
// (mode down), refuse sales (KRA's band-E rate changed to 0: the shop's cached 8 is refused), let
// goods be sold that KRA holds no stock of (stockCheck false), want a Bearer token on every call
// (requireToken), refuse fields KRA does not name (strictFields), or refuse a code-list pull older
// than some days (lastReqMaxDays; null: any date).
import { Hono } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../infra/http/errors';
import type { EtimsSimulator } from './etims-simulator';

const switchesBody = z.object({
  mode: z.enum(['up', 'down']).optional(),
  rateE: z.union([z.literal(0), z.literal(8)]).optional(),
  stockCheck: z.boolean().optional(),
  requireToken: z.boolean().optional(),
  strictFields: z.boolean().optional(),
  lastReqMaxDays: z.number().int().min(1).max(3650).nullable().optional(),
});

const USAGE =
  "Send JSON: { mode?: 'up' | 'down', rateE?: 0 | 8, stockCheck?: boolean, requireToken?: boolean, strictFields?: boolean, lastReqMaxDays?: number of days | null }.";

export function etimsSwitchesRoutes(switches: EtimsSimulator['switches']): Hono {
  const shown = () => ({
    switches: {
      mode: switches.mode,
      rateE: switches.rateE,
      stockCheck: switches.stockCheck,
      requireToken: switches.requireToken,
      strictFields: switches.strictFields,
      lastReqMaxDays: switches.lastReqMaxDays,
    },
  });
  return new Hono()
    .get('/', (c) => c.json(shown()))
    .post('/', async (c) => {
      const parsed = switchesBody.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json(errorBody('BAD_REQUEST', USAGE), 400);
      Object.assign(switches, parsed.data);
      return c.json(shown());
    });
}
