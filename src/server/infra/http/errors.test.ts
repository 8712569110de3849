// The one onError for database faults: a lost connection is a 503 in the error envelope, with a
// message a customer can act on; anything else unknown stays a 500 without details.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { handleError } from './errors';

function appThrowing(err: Error, logged: { level: string; msg: string }[]) {
  const app = new Hono();
  const logger = {
    warn: (_: object, msg: string) => logged.push({ level: 'warn', msg }),
    error: (_: object, msg: string) => logged.push({ level: 'error', msg }),
  };
  app.use('*', async (c, next) => {
    c.set('logger' as never, logger as never);
    await next();
  });
  app.onError(handleError);
  app.get('/', () => {
    throw err;
  });
  return app;
}

const terminated = () => {
  const cause = new pg.DatabaseError('terminating connection due to administrator command', 116, 'error');
  cause.code = '57P01';
  return new DrizzleQueryError('select * from orders', [], cause);
};

describe('handleError and database faults', () => {
  it('answers a lost database connection with 503 and the shop’s message, logged as a warning', async () => {
    const logged: { level: string; msg: string }[] = [];
    const res = await appThrowing(terminated(), logged).request('/');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: 'The shop is briefly unavailable. Please try again in a moment.' },
    });
    expect(logged).toEqual([{ level: 'warn', msg: 'database connection lost during a request; answered 503' }]);
  });

  it('answers a refused connection (the server down) the same way', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const res = await appThrowing(refused, []).request('/');
    expect(res.status).toBe(503);
  });

  it('keeps other failures a 500 without details, logged as errors', async () => {
    const logged: { level: string; msg: string }[] = [];
    const cause = new pg.DatabaseError('duplicate key value violates unique constraint', 60, 'error');
    cause.code = '23505';
    const res = await appThrowing(new DrizzleQueryError('insert into orders', [], cause), logged).request('/');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' } });
    expect(logged.map((l) => l.level)).toEqual(['error']);
  });
});
