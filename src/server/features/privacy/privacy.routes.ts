// /api/account/consents (the profile's consents; withdraw one in one tap) and
// /api/account/data-export (+ /orders.csv): the signed-in customer's own data, as a download.
// Each export is logged in data_requests; a customer may download a few per hour (each reads a lot).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CONSENT_KINDS } from '@/domain/consents';
import { CSV_BOM } from '@/domain/csv';
import { nairobiDateKey } from '@/domain/nairobi-days';
import { currentUser, requireUser } from '../../auth/session';
import type { AppEnv, ServerContext } from '../../context';
import { tooManyRequests } from '../../errors';
import { valid } from '../../infra/http/validate';
import { blockedUntil, minutes, recordAttempt, secondsLeft, waitLeft, type ThrottlePolicy } from '../../infra/rate-limiter';
import { consentsView, withdrawConsent } from './consent-choices.service';
import { collectDataExport } from './data-export.service';
import { logExport } from './data-requests.service';
import { ordersCsv } from './orders-csv';

const EXPORTS_PER_ACCOUNT: ThrottlePolicy = { limit: 10, windowMs: minutes(60), blockMs: minutes(60) };

const withdrawBody = z.object({
  kind: z.enum(CONSENT_KINDS, { error: 'Say which consent to withdraw: order_sms, cart_reminders or newsletter' }),
});

/** Counts this download against the account; throws once it has had its share for the hour. */
async function takeExportSlot(ctx: ServerContext, userId: string, now: Date): Promise<void> {
  const key = `data-export:user:${userId}`;
  const until = (await blockedUntil(ctx.db, [key], now)) ?? (await recordAttempt(ctx.db, key, EXPORTS_PER_ACCOUNT, now));
  if (until)
    throw tooManyRequests(
      'TOO_MANY_EXPORTS',
      `You have downloaded your data several times in the last hour. Please try again in ${waitLeft(until, now)}.`,
      secondsLeft(until, now),
    );
}

function download(c: Context<AppEnv>, body: string, type: string, filename: string) {
  return c.body(body, 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}

export function privacyRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/consents', requireUser(ctx), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await consentsView(ctx.db, currentUser(c).id));
    })
    .post('/consents/withdraw', requireUser(ctx), valid('json', withdrawBody), async (c) => {
      return c.json(await withdrawConsent(ctx.db, currentUser(c).id, c.req.valid('json').kind, ctx.now()));
    })
    .get('/data-export', requireUser(ctx), async (c) => {
      const userId = currentUser(c).id;
      const now = ctx.now();
      await takeExportSlot(ctx, userId, now);
      const data = await ctx.db.transaction(async (tx) => {
        await logExport(tx, userId, 'json', now);
        return collectDataExport(tx, userId, now);
      });
      return download(c, JSON.stringify(data, null, 2), 'application/json; charset=utf-8', `my-data-${nairobiDateKey(now)}.json`);
    })
    .get('/data-export/orders.csv', requireUser(ctx), async (c) => {
      const userId = currentUser(c).id;
      const now = ctx.now();
      await takeExportSlot(ctx, userId, now);
      const data = await ctx.db.transaction(async (tx) => {
        await logExport(tx, userId, 'csv', now);
        return collectDataExport(tx, userId, now);
      });
      return download(c, CSV_BOM + ordersCsv(data.orders), 'text/csv; charset=utf-8', `my-orders-${nairobiDateKey(now)}.csv`);
    });
}
