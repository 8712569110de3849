import { describe, expect, it } from 'vitest';
import { isKnownDevice, rememberDevice } from './known-device';

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe('known devices', () => {
  it('knows a browser after it signed in to that account, whatever the case of the email', () => {
    const cookie = rememberDevice(undefined, 'owner@example.test', SECRET);
    expect(isKnownDevice(cookie, 'OWNER@example.test', SECRET)).toBe(true);
    expect(isKnownDevice(cookie, 'other@example.test', SECRET)).toBe(false);
    expect(isKnownDevice(undefined, 'owner@example.test', SECRET)).toBe(false);
  });

  it('cannot be made without the secret', () => {
    const forged = rememberDevice(undefined, 'owner@example.test', 'another-secret-another-secret-00000');
    expect(isKnownDevice(forged, 'owner@example.test', SECRET)).toBe(false);
    expect(isKnownDevice('garbage.' + 'A'.repeat(22), 'owner@example.test', SECRET)).toBe(false);
  });

  it('remembers the last five accounts, the newest first', () => {
    let cookie: string | undefined;
    for (let i = 1; i <= 6; i += 1) cookie = rememberDevice(cookie, `user${i}@example.test`, SECRET);
    expect(isKnownDevice(cookie, 'user1@example.test', SECRET)).toBe(false);
    for (let i = 2; i <= 6; i += 1) expect(isKnownDevice(cookie, `user${i}@example.test`, SECRET)).toBe(true);
    expect(rememberDevice(cookie, 'user4@example.test', SECRET).split('.')).toHaveLength(5);
  });
});
