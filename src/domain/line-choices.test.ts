import { describe, expect, it } from 'vitest';
import { ifUnavailableSchema, ifUnavailableText, lineNoteSchema, orderNoteSchema } from './line-choices';

describe("a line's choices", () => {
  it('knows the three answers to an unavailable item, and refuses any other', () => {
    expect(ifUnavailableSchema.parse('call')).toBe('call');
    expect(ifUnavailableSchema.safeParse('keep it').error?.issues[0]?.message).toBe(
      'Choose what we do if an item is unavailable: a similar item, call you, or remove it and refund.',
    );
    expect(ifUnavailableText('remove')).toBe('If unavailable: remove it and refund');
  });

  it('keeps notes as one line of plain text, within their limits', () => {
    expect(lineNoteSchema.parse('  cut into\n4 <b>pieces</b> ')).toBe('cut into 4 pieces');
    expect(lineNoteSchema.parse(undefined)).toBe('');
    expect(lineNoteSchema.safeParse('x'.repeat(121)).error?.issues[0]?.message).toBe('A note for an item must be 120 characters or fewer.');
    expect(orderNoteSchema.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      'A note for the shop must be 500 characters or fewer.',
    );
    expect(orderNoteSchema.safeParse(5).error?.issues[0]?.message).toBe('A note is plain text.');
  });
});
