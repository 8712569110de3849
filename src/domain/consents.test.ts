import { describe, expect, it } from 'vitest';
import { isConsentKind, isStopReply } from './consents';

describe('isStopReply', () => {
  it.each(['STOP', 'stop', '  Stop  ', 'STOP please', 'stop.', 'STOP\n', 'SITISHA', 'sitisha tafadhali', 'Sitisha!'])('%j stops', (text) => {
    expect(isStopReply(text)).toBe(true);
  });
  it.each(['', 'STOPPED', 'stops', "don't stop", 'Thanks', 'SITISHAA', 'ST OP', 'STOP'.padEnd(200, 'x')])('%j does not', (text) => {
    expect(isStopReply(text)).toBe(false);
  });
});

describe('isConsentKind', () => {
  it('knows the three kinds only', () => {
    expect(['newsletter', 'cart_reminders', 'order_sms'].every(isConsentKind)).toBe(true);
    expect(isConsentKind('marketing')).toBe(false);
    expect(isConsentKind(3)).toBe(false);
  });
});
