// /dev/clock on a shop outside production: the time it reads, moved to a time or forward, and the
// refusals of a body that says neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevClock } from '../../src/server/dev/clock/dev-clock';
import { createTestApp, LOOPBACK_BINDINGS, TEST_ORIGIN, type TestApp } from '../support/test-app';

describe('/dev/clock', () => {
  const clock = createDevClock('2026-12-03T07:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { deps: { now: clock.now }, app: { devClock: clock } });
  });
  afterAll(async () => {
    await t.dispose();
  });
  /** A request from this machine, as the development tools' guard wants. */
  const local = (method: string, json?: unknown) =>
    t.app.request(
      `${TEST_ORIGIN}/dev/clock`,
      {
        method,
        headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
        body: json === undefined ? undefined : JSON.stringify(json),
      },
      LOOPBACK_BINDINGS,
    );
  const near = (iso: string, expected: string) => Math.abs(Date.parse(iso) - Date.parse(expected)) < 2_000;

  it('says the time, moves to a Friday, then forward by an hour; the shop reads the moved time', async () => {
    const set = await local('PUT', { at: '2026-12-04T10:00:00+03:00' });
    expect(set.status).toBe(200);
    const now = (await (await local('GET')).json()) as { now: string };
    expect(near(now.now, '2026-12-04T07:00:00.000Z')).toBe(true);
    const forward = await local('POST', { minutes: 60 });
    expect(near(((await forward.json()) as { now: string }).now, '2026-12-04T08:00:00.000Z')).toBe(true);
    expect(near(t.ctx.now().toISOString(), '2026-12-04T08:00:00.000Z')).toBe(true);
  });

  it('refuses a time that is not one, and minutes that are not a whole number, changing nothing', async () => {
    expect((await t.request('/dev/clock')).status).toBe(404); // not from this machine: the guard hides it
    const before = t.ctx.now().getTime();
    const badTime = await local('PUT', { at: 'Friday' });
    expect(badTime.status).toBe(400);
    expect(((await badTime.json()) as { error: { message: string } }).error.message).toBe('Give the time as ISO 8601 with its offset');
    const badMinutes = await local('POST', { minutes: 1.5 });
    expect(badMinutes.status).toBe(400);
    expect(Math.abs(t.ctx.now().getTime() - before)).toBeLessThan(2_000);
  });
});
