import { describe, expect, it } from 'vitest';
import { personalPattern } from './personal-data-pattern';

// JavaScript's RegExp reads the same syntax for what the pattern uses (lookbehind, alternation),
// with [[:alnum:]] spelt out as PostgreSQL's class.
const asJs = (pattern: string) => new RegExp(pattern.replaceAll('[[:alnum:]]', '[A-Za-z0-9]'), 'gi');

describe('personalPattern', () => {
  it('finds each identifier whole, in plain text and as written inside JSON, longest first', () => {
    const pattern = personalPattern(['Ann', 'O"Neil Wanjiru', '+254711223344', '254711223344', 'ann@x.test'])!;
    const text = 'Ann rang from +254711223344 (ann@x.test) about the channel; {"name":"O\\"Neil Wanjiru"}';
    expect(text.replace(asJs(pattern), '[removed]')).toBe(
      '[removed] rang from [removed] ([removed]) about the channel; {"name":"[removed]"}',
    );
  });

  it('leaves out names too short to be told from ordinary words, and is null with nothing to look for', () => {
    expect(personalPattern(['Al', ' '])).toBeNull();
    expect(personalPattern([])).toBeNull();
  });
});
