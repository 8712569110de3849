import { describe, expect, it } from 'vitest';
import { hasLoneSurrogateEscape } from './lone-surrogates';

describe('lone surrogates', () => {
  it('finds a lone half escaped in JSON, high or low, anywhere', () => {
    for (const text of [
      JSON.stringify({ name: '\ud800' }),
      JSON.stringify({ name: 'Size \udfff' }),
      JSON.stringify({ name: 'end \ud83d' }),
      JSON.stringify({ name: '\ud83d x \udc1f' }),
      '{"name":"\\uD800\\u0041"}',
      '{"name":"\\udc1f\\ud83d"}',
    ]) {
      expect(hasLoneSurrogateEscape(text), text).toBe(true);
    }
  });

  it('lets whole characters, typed backslashes and other escapes through', () => {
    for (const text of [
      JSON.stringify({ name: 'Size 🐟' }),
      '{"name":"\\ud83d\\udc1f"}',
      '{"name":"\\uD83D\\uDC1F and \\u00e9"}',
      JSON.stringify({ name: 'Size \\ud800' }),
      JSON.stringify({ name: 'C:\\\\udc00' }),
      '{"name":"plain"}',
    ]) {
      expect(hasLoneSurrogateEscape(text), text).toBe(false);
    }
  });
});
