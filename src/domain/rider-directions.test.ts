import { describe, expect, it } from 'vitest';
import { RIDER_DIRECTION_MESSAGES as M, riderDirectionsSchema } from './rider-directions';

const problems = (input: unknown) => {
  const r = riderDirectionsSchema.safeParse(input);
  return r.success ? 'ok' : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('riderDirectionsSchema', () => {
  it.each<[unknown, unknown]>([
    [{}, 'ok'],
    [{ building: null, directions: undefined }, 'ok'],
    [{ building: 'b'.repeat(100), directions: 'd'.repeat(300) }, 'ok'],
    [{ building: 'b'.repeat(101) }, [['building', M.buildingTooLong]]],
    [{ directions: 'd'.repeat(301) }, [['directions', M.directionsTooLong]]],
    [{ building: 12 }, [['building', M.notText]]],
  ])('%j → %j', (input, expected) => {
    expect(problems(input)).toEqual(expected);
  });

  it('keeps plain text only, trimmed', () => {
    expect(
      riderDirectionsSchema.parse({ building: '  Block C, Apt 12 ', directions: 'Blue gate<script>x</script>, call on arrival' }),
    ).toEqual({ building: 'Block C, Apt 12', directions: 'Blue gate, call on arrival' });
    expect(riderDirectionsSchema.parse({ building: '   ' })).toEqual({ building: '', directions: '' });
  });
});
