import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionError, survivesLostConnections } from './connection-errors';

/** The error node-postgres hands over for a server error message, as the server sent it. */
function serverError(code: string, message: string): pg.DatabaseError {
  const err = new pg.DatabaseError(message, message.length, 'error');
  err.code = code;
  return err;
}

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isConnectionError', () => {
  it.each([
    ['terminated by an administrator (57P01)', serverError('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown (57P02)', serverError('57P02', 'terminating connection due to crash of another server process')],
    ['a server still starting (57P03)', serverError('57P03', 'the database system is starting up')],
    ['class 08 (connection failure)', serverError('08006', 'connection failure')],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a client used after its connection failed', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, err) => {
    expect(isConnectionError(err)).toBe(true);
  });

  it('looks through the errors that wrap the driver’s (drizzle’s query error, any cause chain)', () => {
    const query = new DrizzleQueryError('select 1', [], serverError('57P01', 'terminating connection due to administrator command'));
    expect(isConnectionError(query)).toBe(true);
    expect(isConnectionError(new Error('outer', { cause: new Error('middle', { cause: socketError('ECONNREFUSED') }) }))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a serialization failure', serverError('40001', 'could not serialize access')],
    ['a syntax error in a query', new DrizzleQueryError('selec 1', [], serverError('42601', 'syntax error at or near "selec"'))],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['not an error at all', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_, err) => {
    expect(isConnectionError(err)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isConnectionError(a)).toBe(false);
  });
});

describe('the process safety net', () => {
  const logs: string[] = [];
  const logger = { warn: (_: object, m: string) => logs.push(`warn ${m}`), fatal: (_: object, m: string) => logs.push(`fatal ${m}`) };

  it('keeps the process up for a lost connection, and ends it for anything else', () => {
    const exits: number[] = [];
    const uninstall = survivesLostConnections(logger, (code) => exits.push(code));
    const quiet = console.error;
    console.error = () => undefined;
    try {
      process.emit('uncaughtException', new Error('Connection terminated unexpectedly'));
      expect(exits).toEqual([]);
      expect(logs.at(-1)).toMatch(/^warn process safety net/);
      process.emit('uncaughtException', new TypeError('a real bug'));
      expect(exits).toEqual([1]);
      expect(logs.at(-1)).toMatch(/^fatal uncaught exception/);
    } finally {
      console.error = quiet;
      uninstall();
    }
  });
});
