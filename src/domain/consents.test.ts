import { describe, expect, it } from 'vitest';
import { isStopReply } from './consents';

describe('isStopReply', () => {
  it.each(['STOP', 'stop', '  Stop  ', 'STOP please', 'stop.', 'STOP\n', 'SITISHA', 'sitisha tafadhali', 'Sitisha!'])(
    '%j stops',
    (text) => {
      expect(isStopReply(text)).toBe(true);
    },
  );
  it.each(['', 'STOPPED', 'stops', "don't stop", 'Thanks', 'SITISHAA', 'ST OP', 'STOP'.padEnd(200, 'x')])('%j does not', (text) => {
    expect(isStopReply(text)).toBe(false);
  });
});
