// What the packing screen sends: the day and window of its pick list, and what was done with a line.
import { z } from 'zod';
import { PACKING_MESSAGES, WEIGHED_GRAMS_LIMITS } from '@/domain/packing';

const DAY_MESSAGE = 'Choose a day (YYYY-MM-DD)';

export const pickListQuery = z.object({
  day: z
    .string({ error: DAY_MESSAGE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_MESSAGE })
    .optional(),
  /** One delivery window of the day, as the pick list names it ('Thu 27 Nov, 10:00–12:00'); left out, all of them. */
  slot: z.string().max(120, { error: 'Choose a delivery window of the day.' }).optional(),
});

const weighed = z
  .number({ error: PACKING_MESSAGES.weightNeeded })
  .int({ error: PACKING_MESSAGES.weightNeeded })
  .min(WEIGHED_GRAMS_LIMITS.min, { error: PACKING_MESSAGES.weightNeeded })
  .max(WEIGHED_GRAMS_LIMITS.max, { error: PACKING_MESSAGES.weightNeeded });

/** Packed (with its weight when sold by weight), replaced by a variant, unavailable, or undone. */
export const packingLineSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal('packed'), weighedGrams: weighed.nullish().transform((g) => g ?? null) }),
    z.object({ outcome: z.literal('substituted'), variantId: z.uuid({ error: 'Choose a substitute from the list.' }) }),
    z.object({ outcome: z.literal('unavailable') }),
    z.object({ outcome: z.literal('undo') }),
  ],
  { error: 'Choose what happened to the item: packed, a substitute, unavailable, or undo.' },
);
export type PackingLineAction = z.infer<typeof packingLineSchema>;

export const itemParam = z.object({ itemId: z.uuid({ error: 'That id is not valid' }) });
