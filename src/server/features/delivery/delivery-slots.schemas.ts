// Request bodies of the back office's delivery windows (the shop's week, a zone's exceptions) and
// opening hours. Times are typed as
// 'HH:MM' and become minutes after midnight here; whether they fit is src/domain's rule.
import { z } from 'zod';
import { parseClock } from '@/domain/business-hours';
import { SLOT_LIMITS } from '@/domain/delivery-slots';
import { PICKUP_INSTRUCTIONS_MAX } from '@/domain/pickup';

const TIME_MESSAGE = 'Type a time as HH:MM, for example 10:00.';
const clock = z.string({ error: TIME_MESSAGE }).transform((text, ctx) => {
  const minutes = parseClock(text);
  if (minutes === null) ctx.addIssue({ code: 'custom', message: TIME_MESSAGE });
  return minutes ?? 0;
});

const whole = (message: string, max: number) => z.number({ error: message }).int(message).min(0, message).max(max, message);
const CAPACITY_MESSAGE = `Capacity must be a whole number of orders from 1 to ${SLOT_LIMITS.maxCapacity}.`;
const CUTOFF_MESSAGE = `The cut-off must be a whole number of minutes from 0 to ${SLOT_LIMITS.maxCutoffMinutes}.`;
const closedDates = z
  .array(z.iso.date('Type closed dates as YYYY-MM-DD, for example 2026-12-25.'))
  .max(SLOT_LIMITS.maxClosedDates, `At most ${SLOT_LIMITS.maxClosedDates} closed dates.`);

const weekWindows = z
  .array(
    z.object({
      id: z.uuid().optional(),
      weekday: whole('Choose a day of the week.', 6),
      start: clock,
      end: clock,
      capacity: whole(CAPACITY_MESSAGE, SLOT_LIMITS.maxCapacity).min(1, CAPACITY_MESSAGE),
      cutoffMinutes: whole(CUTOFF_MESSAGE, SLOT_LIMITS.maxCutoffMinutes),
    }),
    { error: 'Send the list of windows.' },
  )
  .max(SLOT_LIMITS.maxWindowsPerZone, `The week can have at most ${SLOT_LIMITS.maxWindowsPerZone} windows.`);

export const windowsBodySchema = z.object({ windows: weekWindows, closedDates });

/** Pick-up at the shop: on or off, where and how to collect, and its own windows. */
export const pickupBodySchema = z.object({
  enabled: z.boolean({ error: 'Say whether customers may collect at the shop.' }),
  instructions: z
    .string({ error: 'Say where and how customers collect their orders.' })
    .max(PICKUP_INSTRUCTIONS_MAX, `Keep the pick-up address and instructions to ${PICKUP_INSTRUCTIONS_MAX} characters.`),
  windows: weekWindows,
});

export const zoneExceptionsBodySchema = z.object({
  daysOff: z.array(whole('Choose a day of the week.', 6), { error: 'Send the days the zone is not served.' }).max(7),
  exceptions: z
    .array(
      z.object({
        windowId: z.uuid({ error: 'Not a delivery window.' }),
        served: z.boolean({ error: 'Say whether the zone is served in that window.' }),
        capacity: whole(CAPACITY_MESSAGE, SLOT_LIMITS.maxCapacity).min(1, CAPACITY_MESSAGE).nullable(),
        cutoffMinutes: whole(CUTOFF_MESSAGE, SLOT_LIMITS.maxCutoffMinutes).nullable(),
      }),
      { error: 'Send the list of exceptions.' },
    )
    .max(SLOT_LIMITS.maxWindowsPerZone),
  closedDates,
});

export const openingHoursBodySchema = z.object({
  days: z
    .array(z.object({ open: z.boolean({ error: 'Say whether the shop opens that day.' }), opens: clock, closes: clock }))
    .length(7, 'Give the hours of all seven days, Sunday first.'),
});

export const zoneParam = z.object({ zoneId: z.uuid({ error: 'Not a delivery zone.' }) });
