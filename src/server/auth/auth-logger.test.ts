import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { authLogger, describeAuthError } from './auth-logger';

const FORGED = 'x\n{"level":30,"msg":"FORGED admin login ok"}';

describe("better-auth's log lines", () => {
  it('keep a failed query out of the log: no SQL, no parameters', () => {
    const err = new Error(`Failed query: insert into "user" ("name") values ($1)\nparams: ${FORGED}`, {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
    expect(describeAuthError(err)).toEqual({ name: 'Error', code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' });
    expect(describeAuthError(new Error(`Failed query: select 1\nparams: ${FORGED}`))).toEqual({ name: 'Error', message: 'query failed' });
  });

  it('are JSON lines of the shop log, so a newline in a value cannot forge a line', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const log = authLogger(pino({ base: undefined }, sink), false);
    log.log!('error', 'Failed to create user', new Error(`Failed query: x\nparams: ${FORGED}`), FORGED);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; source: string; msg: string; details: unknown[] };
    expect(entry).toMatchObject({ level: 50, source: 'better-auth', msg: 'Failed to create user' });
    expect(entry.details).toEqual([{ name: 'Error', message: 'query failed' }, FORGED]);
  });
});
