// What a rider needs beyond the address: the house, apartment or building, and directions (a gate,
// a landmark, when to call). Both optional, plain text, kept on the order.
import { z } from 'zod';
import { plainLineText } from './validation';

export const RIDER_DIRECTION_LIMITS = { building: 100, directions: 300 } as const;

export const RIDER_DIRECTION_LABELS = {
  building: 'House, apartment or building',
  directions: 'Directions for the rider (gate, landmark, when to call)',
} as const;

export const RIDER_DIRECTION_MESSAGES = {
  buildingTooLong: `House, apartment or building must be ${RIDER_DIRECTION_LIMITS.building} characters or fewer`,
  directionsTooLong: `Directions for the rider must be ${RIDER_DIRECTION_LIMITS.directions} characters or fewer`,
  notText: 'Please type the delivery details as text',
} as const;

/** Missing or blank → '' ; otherwise one line of plain text within its limit. */
function riderText(limit: number, tooLong: string) {
  return z
    .string({ error: RIDER_DIRECTION_MESSAGES.notText })
    .nullish()
    .transform((s) => plainLineText(s ?? ''))
    .refine((s) => s.length <= limit, { error: tooLong });
}

export const riderDirectionsSchema = z.object({
  building: riderText(RIDER_DIRECTION_LIMITS.building, RIDER_DIRECTION_MESSAGES.buildingTooLong),
  directions: riderText(RIDER_DIRECTION_LIMITS.directions, RIDER_DIRECTION_MESSAGES.directionsTooLong),
});

export type RiderDirections = z.output<typeof riderDirectionsSchema>;
