// /api/sms/delivery-reports: Africa's Talking's delivery report callback (form fields id, status,
// phoneNumber, networkCode, failureReason, retryCount). Public, so it believes little: a report only
// sets the delivery status of the SMS with that gateway id and number, an unknown id changes nothing,
// and one address may post a limited number per minute.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { badRequest, tooManyRequests } from '../../errors';
import { limitAddress } from '../../infra/http/client-address';
import { blockedUntil, minutes, recordAttempt, secondsLeft, type ThrottlePolicy } from '../../infra/rate-limiter';

const SMS_REPORTS_PER_ADDRESS: ThrottlePolicy = { limit: 120, windowMs: minutes(1), blockMs: minutes(1) };

const reportSchema = z.object({
  id: z.string().trim().min(1).max(100),
  status: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,40}$/),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/)
    .optional(),
  failureReason: z.string().trim().max(100).optional(),
});

const SMS_REPORT_INVALID = 'A delivery report needs an id and a status (and the phone number in +… form, if any).';

/** Counts this report against its address; throws once the address is over its limit. */
async function slowDown(c: Context<AppEnv>, ctx: ServerContext): Promise<void> {
  const address = limitAddress(c);
  if (address === 'unknown') return;
  const now = ctx.now();
  const key = `sms-report:address:${address}`;
  const until = (await blockedUntil(ctx.db, [key], now)) ?? (await recordAttempt(ctx.db, key, SMS_REPORTS_PER_ADDRESS, now));
  if (!until) return;
  throw tooManyRequests(
    'TOO_MANY_REQUESTS',
    'Too many delivery reports from this address. Please try again later.',
    secondsLeft(until, now),
  );
}

export function smsReportsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().post('/delivery-reports', async (c) => {
    await slowDown(c, ctx);
    const type = c.req.header('content-type') ?? '';
    let fields: unknown;
    try {
      fields = type.startsWith('application/json') ? await c.req.json() : await c.req.parseBody();
    } catch {
      throw badRequest(SMS_REPORT_INVALID);
    }
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw badRequest(SMS_REPORT_INVALID);
    const empty = (v: unknown) => (v === '' ? undefined : v);
    const report = fields as Record<string, unknown>;
    const parsed = reportSchema.safeParse({
      id: report.id,
      status: report.status,
      phoneNumber: empty(report.phoneNumber),
      failureReason: empty(report.failureReason),
    });
    if (!parsed.success) throw badRequest(SMS_REPORT_INVALID);
    const recorded = await ctx.sms.recordDeliveryReport(parsed.data);
    return c.json({ recorded });
  });
}
