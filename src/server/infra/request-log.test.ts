import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logRequest, requestIdFor, writeRequestLinesDirectly, type RequestLogLine } from './request-log';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, sink };
}

const line: RequestLogLine = { requestId: 'phone-request-0001', method: 'GET', path: '/api/search/"samaki"\\ ñ', status: 200, ms: 0.3 };

describe('the request log line', () => {
  it('is written directly with the bytes pino itself writes for the same fields', async () => {
    const viaPino = capture();
    const direct = capture();
    pino({ level: 'info', base: undefined }, viaPino.sink).info({ ...line }, 'request');
    const logger = pino({ level: 'info', base: undefined }, direct.sink);
    writeRequestLinesDirectly(logger, direct.sink);
    logRequest(logger, line);
    await new Promise((r) => setImmediate(r));
    const withoutTime = (l: string) => l.replace(/"time":\d+,/, '');
    expect(direct.lines).toHaveLength(1);
    expect(withoutTime(direct.lines[0]!)).toBe(withoutTime(viaPino.lines[0]!));
    expect(JSON.parse(direct.lines[0]!)).toMatchObject({ ...line, level: 30, msg: 'request' });
  });

  it('goes through logger.info for a logger it was not given, and not at all below info', async () => {
    const other = capture();
    logRequest(pino({ level: 'info', base: undefined }, other.sink), line);
    const quiet = capture();
    const warnOnly = pino({ level: 'warn', base: undefined }, quiet.sink);
    writeRequestLinesDirectly(warnOnly, quiet.sink);
    logRequest(warnOnly, line);
    await new Promise((r) => setImmediate(r));
    expect(quiet.lines).toEqual([]);
    expect(other.lines.map((l) => JSON.parse(l) as unknown)).toEqual([expect.objectContaining({ ...line, msg: 'request' })]);
  });
});

describe('the request id', () => {
  it("is the caller's X-Request-Id when sane, else this process's next, never the same twice", () => {
    expect(requestIdFor('phone-request-0001')).toBe('phone-request-0001');
    const made = [requestIdFor(undefined), requestIdFor('short'), requestIdFor('has spaces in it'), requestIdFor('x'.repeat(65))];
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(new Set(made).size).toBe(made.length);
    // One prefix per process: the ids of one instance sort by the count after it.
    expect(new Set(made.map((id) => id.split('-')[0])).size).toBe(1);
  });
});
