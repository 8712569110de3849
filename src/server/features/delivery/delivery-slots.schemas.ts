// Request bodies of the back office's delivery windows and opening hours. Times are typed as
// 'HH:MM' and become minutes after midnight here; whether they fit is src/domain's rule.
import { z } from 'zod';
import { parseClock } from '@/domain/business-hours';
import { SLOT_LIMITS } from '@/domain/delivery-slots';

const TIME_MESSAGE = 'Type a time as HH:MM, for example 10:00.';
const clock = z.string({ error: TIME_MESSAGE }).transform((text, ctx) => {
  const minutes = parseClock(text);
  if (minutes === null) ctx.addIssue({ code: 'custom', message: TIME_MESSAGE });
  return minutes ?? 0;
});

const whole = (message: string, max: number) => z.number({ error: message }).int(message).min(0, message).max(max, message);

export const windowsBodySchema = z.object({
  windows: z
    .array(
      z.object({
        id: z.uuid().optional(),
        weekday: whole('Choose a day of the week.', 6),
        start: clock,
        end: clock,
        capacity: whole(`Capacity must be a whole number of orders from 1 to ${SLOT_LIMITS.maxCapacity}.`, SLOT_LIMITS.maxCapacity),
        cutoffMinutes: whole(
          `The cut-off must be a whole number of minutes from 0 to ${SLOT_LIMITS.maxCutoffMinutes}.`,
          SLOT_LIMITS.maxCutoffMinutes,
        ),
      }),
      { error: 'Send the list of windows.' },
    )
    .max(SLOT_LIMITS.maxWindowsPerZone, `A zone can have at most ${SLOT_LIMITS.maxWindowsPerZone} windows.`),
  closedDates: z
    .array(z.iso.date('Type closed dates as YYYY-MM-DD, for example 2026-12-25.'))
    .max(SLOT_LIMITS.maxClosedDates, `At most ${SLOT_LIMITS.maxClosedDates} closed dates.`),
});

export const openingHoursBodySchema = z.object({
  days: z
    .array(z.object({ open: z.boolean({ error: 'Say whether the shop opens that day.' }), opens: clock, closes: clock }))
    .length(7, 'Give the hours of all seven days, Sunday first.'),
});

export const zoneParam = z.object({ zoneId: z.uuid({ error: 'Not a delivery zone.' }) });
