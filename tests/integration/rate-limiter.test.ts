import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authThrottle } from '@/server/db/schema';
import { createTestDatabase, dbKinds, type TestDatabase } from '../support/test-database';
import { blockedUntil, clearAttempts, minutes, minutesLeft, recordAttempt, slowdownDelayMs, waitLeft } from '@/server/infra/rate-limiter';

const policy = { limit: 3, windowMs: minutes(10), blockMs: minutes(20) };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

describe.each(dbKinds(import.meta.url))('auth throttle on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('blocks on the attempt that reaches the limit, for blockMs from then', async () => {
    const db = t.database.db;
    expect(await recordAttempt(db, 'k1', policy, at(0))).toBeNull();
    expect(await recordAttempt(db, 'k1', policy, at(1))).toBeNull();
    expect(await recordAttempt(db, 'k1', policy, at(2))).toEqual(at(22));
    expect(await blockedUntil(db, ['other', 'k1'], at(21))).toEqual(at(22));
    expect(await blockedUntil(db, ['k1'], at(22))).toBeNull();
  });

  it('starts counting again once the window has run out', async () => {
    const db = t.database.db;
    await recordAttempt(db, 'k2', policy, at(0));
    await recordAttempt(db, 'k2', policy, at(5));
    expect(await recordAttempt(db, 'k2', policy, at(10))).toBeNull();
    const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, 'k2'));
    expect(row?.failures).toBe(1);
    await clearAttempts(db, 'k2');
    expect(await db.select().from(authThrottle).where(eq(authThrottle.key, 'k2'))).toEqual([]);
  });

  it('counts concurrent attempts exactly once each', async () => {
    const db = t.database.db;
    await Promise.all(Array.from({ length: 8 }, () => recordAttempt(db, 'k3', { ...policy, limit: 100 }, at(0))));
    const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, 'k3'));
    expect(row?.failures).toBe(8);
  });
});

describe('minutesLeft', () => {
  it.each([
    [at(15), at(0), '15 minutes'],
    [new Date(at(0).getTime() + 30_000), at(0), '1 minute'],
    [new Date(at(0).getTime() + 61_000), at(0), '2 minutes'],
  ])('%s from %s → %s', (until, now, text) => {
    expect(minutesLeft(until, now)).toBe(text);
  });
});

describe('slowdown', () => {
  const slow = { free: 3, windowMs: minutes(60), firstDelayMs: 1000, maxDelayMs: 10_000 };
  it.each([
    [0, 0],
    [2, 0],
    [3, 1000],
    [4, 2000],
    [6, 8000],
    [7, 10_000],
    [10_000, 10_000],
  ])('after %i failures waits %i ms', (failures, ms) => {
    expect(slowdownDelayMs(slow, failures)).toBe(ms);
  });

  it.each([
    [1_000, '1 second'],
    [59_500, '60 seconds'],
    [90_000, '90 seconds'],
    [150_000, '3 minutes'],
  ])('says %i ms as %s', (ms, text) => {
    expect(waitLeft(new Date(at(0).getTime() + ms), at(0))).toBe(text);
  });
});
