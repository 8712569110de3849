// /api/sms/delivery-reports: Africa's Talking's delivery report callback (form fields id, status,
// phoneNumber, networkCode, failureReason, retryCount). Public, so it believes little: a report only
// sets the delivery status of the SMS with that gateway id and number, an unknown id changes nothing,
// and one address may post a limited number per minute.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { errorBody } from '../../http/errors';
import { blockedUntil, minutes, recordAttempt, secondsLeft, type ThrottlePolicy } from '../account/auth-throttle';
import { limitAddress } from '../account/client-address';

export const SMS_REPORTS_PER_ADDRESS: ThrottlePolicy = { limit: 120, windowMs: minutes(1), blockMs: minutes(1) };

const reportSchema = z.object({
  id: z.string().trim().min(1).max(100),
  status: z.string().trim().regex(/^[A-Za-z]{1,40}$/),
  phoneNumber: z.string().trim().regex(/^\+[1-9]\d{6,14}$/).optional(),
  failureReason: z.string().trim().max(100).optional(),
});

export const SMS_REPORT_INVALID = 'A delivery report needs an id and a status (and the phone number in +… form, if any).';

async function slowDown(c: Context<AppEnv>, ctx: ServerContext): Promise<Response | null> {
  const address = limitAddress(c);
  if (address === 'unknown') return null;
  const now = ctx.now();
  const key = `sms-report:address:${address}`;
  const until = (await blockedUntil(ctx.db, [key], now)) ?? (await recordAttempt(ctx.db, key, SMS_REPORTS_PER_ADDRESS, now));
  if (!until) return null;
  c.header('Retry-After', String(secondsLeft(until, now)));
  return c.json(errorBody('TOO_MANY_REQUESTS', 'Too many delivery reports from this address. Please try again later.'), 429);
}

export function smsReportsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().post('/delivery-reports', async (c) => {
    const refused = await slowDown(c, ctx);
    if (refused) return refused;
    const type = c.req.header('content-type') ?? '';
    let fields: unknown;
    try {
      fields = type.startsWith('application/json') ? await c.req.json() : await c.req.parseBody();
    } catch {
      return c.json(errorBody('BAD_REQUEST', SMS_REPORT_INVALID), 400);
    }
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return c.json(errorBody('BAD_REQUEST', SMS_REPORT_INVALID), 400);
    const empty = (v: unknown) => (v === '' ? undefined : v);
    const report = fields as Record<string, unknown>;
    const parsed = reportSchema.safeParse({
      id: report.id,
      status: report.status,
      phoneNumber: empty(report.phoneNumber),
      failureReason: empty(report.failureReason),
    });
    if (!parsed.success) return c.json(errorBody('BAD_REQUEST', SMS_REPORT_INVALID), 400);
    const recorded = await ctx.sms.recordDeliveryReport(parsed.data);
    return c.json({ recorded });
  });
}
