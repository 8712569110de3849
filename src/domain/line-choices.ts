// What the customer asks of each line of a fresh-food order, and of the order as a whole: what the
// shop does if the item has run out by packing ('If unavailable': a similar item, the shop's usual
// choice; call me; or remove it and refund), a short note per line ('cut into 4 pieces', 'no head')
// and one note for the shop. Plain text, bounded; shown on the packing slips and the order pages.
import { z } from 'zod';
import { plainLineText } from './validation';

export const IF_UNAVAILABLE = ['similar', 'call', 'remove'] as const;
export type IfUnavailable = (typeof IF_UNAVAILABLE)[number];

/**
 * The shop's usual choice until the owner sets one (Shop details): the setting is preselected at
 * checkout and taken by a line ordered without a choice.
 */
export const DEFAULT_IF_UNAVAILABLE: IfUnavailable = 'similar';

export const IF_UNAVAILABLE_LABELS: Readonly<Record<IfUnavailable, string>> = {
  similar: 'A similar item',
  call: 'Call me',
  remove: 'Remove it and refund',
};

export const LINE_CHOICE_LIMITS = { lineNote: 120, orderNote: 500 } as const;

const LINE_CHOICE_MESSAGES = {
  ifUnavailable: 'Choose what we do if an item is unavailable: a similar item, call you, or remove it and refund.',
  notText: 'A note is plain text.',
  lineNoteTooLong: `A note for an item must be ${LINE_CHOICE_LIMITS.lineNote} characters or fewer.`,
  orderNoteTooLong: `A note for the shop must be ${LINE_CHOICE_LIMITS.orderNote} characters or fewer.`,
} as const;

/** Missing or blank → '' ; otherwise one line of plain text within its limit. */
const note = (limit: number, tooLong: string) =>
  z
    .string({ error: LINE_CHOICE_MESSAGES.notText })
    .nullish()
    .transform((s) => plainLineText(s ?? ''))
    .refine((s) => s.length <= limit, { error: tooLong });

export const ifUnavailableSchema = z.enum(IF_UNAVAILABLE, { error: LINE_CHOICE_MESSAGES.ifUnavailable });
export const lineNoteSchema = note(LINE_CHOICE_LIMITS.lineNote, LINE_CHOICE_MESSAGES.lineNoteTooLong);
export const orderNoteSchema = note(LINE_CHOICE_LIMITS.orderNote, LINE_CHOICE_MESSAGES.orderNoteTooLong);

/** 'If unavailable: call me' as a packing slip or order page prints it. */
export function ifUnavailableText(choice: IfUnavailable): string {
  return `If unavailable: ${IF_UNAVAILABLE_LABELS[choice].toLowerCase()}`;
}
