// The new delivery window a customer (from her link) or the staff choose: a window on a date.
import { z } from 'zod';

const CHOOSE = 'Choose a new delivery time.';

export const rescheduleChoiceSchema = z.object(
  {
    windowId: z.uuid({ error: CHOOSE }),
    date: z.string({ error: CHOOSE }).regex(/^\d{4}-\d{2}-\d{2}$/, CHOOSE),
  },
  { error: CHOOSE },
);

/** The link's token as it appears in the path; its signature is checked by the service. */
export const rescheduleTokenParam = z.object({ token: z.string().max(100) });

const RIDER = 'Choose one of the shop’s riders.';

/** One rider's route sheet: the day (today without one) and, for the staff, which rider. */
export const riderSheetQuerySchema = z.object({
  day: z.string().optional(),
  riderId: z.string({ error: RIDER }).min(1, RIDER).max(100, RIDER).optional(),
});
